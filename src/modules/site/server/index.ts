import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { importRoutes } from './imports';

/**
 * The site's calls beyond its schema modules (schemas/site/): imports between services, with the
 * job that copies their content. Extends the schema modules' routes, so it needs them first.
 */
export const siteServer = fp(
  async (app: FastifyInstance) => {
    await app.register(importRoutes);
  },
  { name: 'site', dependencies: ['schema-modules'] },
);
