import type { ComponentType } from 'react';
import { schemaRouteTable } from 'virtual:schema-routes';
import { lazyScreen, type LazyScreen } from '../layout/lazyScreen';
import type { AppRoute } from '../routes';
import type { SchemaRouteMeta, SchemaScreenProps } from './routeTable';

export { buildSchemaRoutes, isFormView, moduleRoutes, recordRouteName } from './routeTable';
export type { SchemaRouteMeta, SchemaScreenProps, SchemaView } from './routeTable';

type ScreenModule = { default: ComponentType<SchemaScreenProps> };

// One chunk per kind of screen: only the form chunk carries RJSF and ajv; each brings the schemas.
const loaders = {
  list: () => import('./ListScreen') as Promise<ScreenModule>,
  form: () => import('./FormScreen') as Promise<ScreenModule>,
  show: () => import('./ShowScreen') as Promise<ScreenModule>,
};

function screenFor({ resource, view, page, screenKind }: SchemaRouteMeta): LazyScreen<object> {
  return lazyScreen<object>(() => loaders[screenKind]().then(({ default: Screen }) => ({ default: () => <Screen resource={resource} view={view} page={page} /> })));
}

/** The schema modules' routes, in the shape of the app's route table (made at build time from SCHEMAS_DIR). */
export const schemaRoutes: AppRoute[] = schemaRouteTable.map((meta) => ({ ...meta, screen: screenFor(meta) }));
