import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { limitRoutes } from './limits';
import { mailingsServer } from './mailings';
import { reportRoutes } from './reports';
import { senderRoutes } from './senders';
import { serviceAdminRoutes } from './service-admin';
import { templateBlockRoutes } from './template-blocks';
import { templateRoutes } from './templates';

/**
 * The newsletter's calls beyond its schema modules (schemas/newsletter/): the limits with usage and
 * the sender method's types and test send, the templates' copy, send to e-mail and download, their
 * html rendered from their blocks and layout, the service admin area (modules, allowed sender types,
 * recipient imports), the mailings' sending engine with its calls, and the reports on what was sent.
 * Extends the schema modules' routes, so it needs them first.
 */
export const newsletterServer = fp(
  async (app: FastifyInstance) => {
    await app.register(limitRoutes);
    await app.register(senderRoutes);
    await app.register(templateRoutes);
    await app.register(templateBlockRoutes);
    await app.register(serviceAdminRoutes);
    await mailingsServer(app);
    await app.register(reportRoutes);
  },
  { name: 'newsletter', dependencies: ['schema-modules'] },
);
