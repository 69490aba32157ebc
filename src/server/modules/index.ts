import type { FastifyPluginAsync } from 'fastify';

/** Every API module, each a Fastify plugin registered under /api. */
export const apiModules: FastifyPluginAsync[] = [];
