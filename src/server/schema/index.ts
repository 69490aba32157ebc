export { schemaModulesPlugin, moduleRoutes } from './plugin';
export { ModuleRoutes, type ModuleHooks, type WriteChange } from './module-routes';
export { copyNested } from './capabilities';
export { writeSingleton } from './capabilities/singleton';
export { serverRegistry } from './settings';
export { schemaDocsPlugin } from './docs';
export { documentOperation } from '../platform/http/api-routes';
