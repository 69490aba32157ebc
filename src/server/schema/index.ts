export { schemaModulesPlugin, moduleRoutes, ModuleRoutes, type ModuleHooks } from './plugin';
export { serverRegistry } from './settings';
export { schemaDocsPlugin } from './docs';
export { documentOperation } from './openapi';
