export { schemaModulesPlugin, moduleRoutes, ModuleRoutes, type ModuleHooks, type WriteChange } from './plugin';
export { serverRegistry } from './settings';
export { schemaDocsPlugin } from './docs';
export { documentOperation } from './openapi';
