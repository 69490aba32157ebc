import type { FastifyPluginAsync } from 'fastify';
import { authModule } from './auth';
import { contentModule } from './content';
import { menusModule } from './menus';
import { menusOpenApi } from './menus/openapi';
import { newsModule } from './news';
import { regulationsModule } from './regulations';
import { regulationVersions } from './regulations/versions';
import { reportsModule } from './reports';
import { servicesModule } from './services';
import { settingsModule } from './settings';
import { schemaDocsPlugin, schemaModulesPlugin } from '../schema';
import { fileRulesPlugin } from '../schema/file-rules';
import { userModule } from './user';
import { jobsRoutes } from '../platform/jobs/routes';
import { moduleDemoSeeds, moduleServerPlugins } from '../../modules';
import { seedModuleDemos } from '../platform/db/demo';
import { signedFilesRoutes } from '../platform/files/routes';

/** Every API module, each a Fastify plugin registered under /api. */
export const apiModules: FastifyPluginAsync[] = [
  authModule,
  userModule,
  regulationsModule,
  menusModule,
  menusOpenApi,
  servicesModule,
  newsModule,
  contentModule,
  schemaModulesPlugin,
  fileRulesPlugin,
  regulationVersions,
  ...moduleServerPlugins,
  schemaDocsPlugin,
  jobsRoutes,
  settingsModule,
  reportsModule,
  signedFilesRoutes,
  async (api) => {
    api.addHook('onReady', async () => seedModuleDemos(api.ctx.db, api, moduleDemoSeeds));
  },
];
