export { schemaModulesPlugin, moduleRoutes, ModuleRoutes } from './plugin';
export { serverRegistry, productName, schemasDir } from './settings';
export { schemaDocsPlugin } from './docs';
export { documentOperation } from './openapi';
