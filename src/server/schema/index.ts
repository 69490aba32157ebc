export { schemaModulesPlugin, moduleRoutes, ModuleRoutes, type ModuleHooks, type WriteChange, type WriteHook } from './plugin';
export { serverRegistry } from './settings';
export { schemaDocsPlugin } from './docs';
export { documentOperation } from './openapi';
