export { schemaModulesPlugin, moduleRoutes, ModuleRoutes } from './plugin';
export { serverRegistry } from './settings';
export { schemaDocsPlugin } from './docs';
export { documentOperation } from './openapi';
