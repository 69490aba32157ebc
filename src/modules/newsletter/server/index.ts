import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { limitRoutes } from './limits';
import { senderRoutes } from './senders';

/**
 * The newsletter's calls beyond its schema modules (schemas/newsletter/): the limits with usage and
 * the sender method's types and test send. Extends the schema modules' routes, so it needs them first.
 */
export const newsletterServer = fp(
  async (app: FastifyInstance) => {
    await app.register(limitRoutes);
    await app.register(senderRoutes);
  },
  { name: 'newsletter', dependencies: ['schema-modules'] },
);
