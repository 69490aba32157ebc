import type { FastifyPluginAsync } from 'fastify';
import { newsletterServer } from './newsletter/server';

/**
 * The server plugins of the modules that need code beyond their schema files, one folder each
 * (src/modules/<domain>/server beside schemas/<domain>/), registered under /api after the schema modules.
 */
export const moduleServerPlugins: FastifyPluginAsync[] = [newsletterServer];
