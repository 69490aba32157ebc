import { registerResourcePaths, type ResourcePathParams } from '../providers/dataProvider';
// The pure registry files only: the schema index also re-exports the ajv validation, which must stay
// out of the main bundle (it loads with the form screens).
import { apiPaths, type PathParams } from '../../common/schema/paths';
import { createRegistry, DEFAULT_PRODUCT, type Registry } from '../../common/schema/registry';
export { fieldTitleKey } from '../../common/schema/keys';
import type { AdminBlock, ModuleSchema } from '../../common/schema/types';
import { schemaFiles } from 'virtual:schema-files';

// Every schema file of SCHEMAS_DIR, read at build time (src/tools/build/schemaPlugin.ts): a new file
// is a new set of screens. The build's PANEL_PRODUCT, as the server resolves {product} with its own.
export const clientRegistry: Registry = createRegistry(schemaFiles, import.meta.env.PANEL_PRODUCT ?? DEFAULT_PRODUCT);

/** The module of a resource; the screens are only ever built for registered resources. */
export function moduleOf(resource: string): ModuleSchema {
  const module = clientRegistry.byResource(resource);
  if (!module) throw new Error(`No schema module for the resource "${resource}"`);
  return module;
}

/**
 * The module whose fields a history record's changes name (x-admin.history): the one the record
 * names as its `resource` (a news item's photo), else the module the history is nested under.
 */
export function changedModule(history: ModuleSchema, record: Record<string, unknown>): ModuleSchema | undefined {
  if (typeof record.resource === 'string') return clientRegistry.byResource(record.resource);
  return history.admin.parent ? clientRegistry.byResource(history.admin.parent.resource) : undefined;
}

/** The API path of a data-provider operation on a schema resource (react-admin's meta carries the route params). */
export function schemaResourcePath(admin: AdminBlock, { operation, id, meta, name }: ResourcePathParams): string {
  const paths = apiPaths(admin, (meta ?? {}) as PathParams);
  // A singleton's one record lives at the module's own address: an id names nothing there.
  const itemId = admin.singleton ? undefined : id;
  switch (operation) {
    case 'list':
    case 'one':
      return admin.singleton ? paths.read : operation === 'one' && itemId !== undefined ? paths.item(itemId) : paths.collection;
    case 'upload':
      return itemId === undefined ? paths.upload : paths.uploadItem(itemId);
    case 'deleteFile':
      if (itemId === undefined || !name) throw new Error(`${admin.resource}: deleting a file needs a record id and a file field`);
      return paths.file(name, itemId);
    case 'action':
      if (!name) throw new Error(`${admin.resource}: an action needs its name`);
      return paths.action(name, itemId);
    default:
      return itemId === undefined || operation === 'create' ? paths.collection : paths.item(itemId);
  }
}

registerResourcePaths((resource, params) => {
  const module = clientRegistry.byResource(resource);
  return module ? schemaResourcePath(module.admin, params) : undefined;
});
