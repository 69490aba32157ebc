import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDemoSeed } from '../server/platform/db/demo';
import { newsletterServer } from './newsletter/server';
import { mailingsDemo } from './newsletter/server/demo-mailings';

/**
 * The server plugins of the modules that need code beyond their schema files, one folder each
 * (src/modules/<domain>/server beside schemas/<domain>/), registered under /api after the schema modules.
 */
export const moduleServerPlugins: FastifyPluginAsync[] = [newsletterServer];

/** The modules' demo records, written once on a demo database when the server is ready. */
export const moduleDemoSeeds: ModuleDemoSeed[] = [mailingsDemo];
