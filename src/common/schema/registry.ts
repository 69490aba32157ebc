import { groupProblem } from './groups';
import { withConventionalKeys } from './keys';
import { checkMenuFolders, menuOf } from './menu';
import { placeholders } from './paths';
import { completeRules, RULES_KEYWORD } from './rules';
import { withFlaggedRequired } from './flagged-required';
import { withSingleLineChecks } from './single-line';
import type { AdminAction, AdminBlock, AdminBulkAction, AdminDelivery, AdminFieldSave, AdminFile, AdminReference, AdminScope, JsonSchema, ModuleSchema, SchemaFile } from './types';
import { widgetProblem } from './widgets';

/** A storage migration: an .sql file beside the schema file (no folders, nothing outside). */
const MIGRATION_FILE = /^[a-z0-9][a-z0-9_.-]*\.sql$/;

/** The sort field of an ordered module's records: their place in the list. */
export const POSITION = 'position';
/** A period filter's values: the records whose period holds now, has ended, has not begun. */
export const PERIODS = ['current', 'past', 'future'] as const;
export type Period = (typeof PERIODS)[number];

/** Product name used in {product} placeholders when nothing else is configured (PANEL_PRODUCT). */
export const DEFAULT_PRODUCT = 'panel';

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;
/** An action's sub-path: lower-case segments, no leading slash, no placeholders. */
/** An action's sub-path; empty: the address itself (with fromRecord, the collection's: PUT template {template_id}). */
const ACTION_PATH = /^([a-z0-9_-]+(\/[a-z0-9_-]+)*)?$/;
const ACTION_METHODS: readonly AdminAction['method'][] = ['GET', 'POST', 'PUT', 'DELETE'];
const SCOPES: readonly AdminScope[] = ['user', 'service', 'admin'];
const ACTION_PLACES: readonly AdminAction['on'][] = ['row', 'record', 'collection'];
const OPENED_VIEWS: readonly NonNullable<AdminAction['opens']>[] = ['show', 'edit'];
/** A flag resolver's name: kind:name, e.g. template:banners (see the server's flag resolvers). */
const FLAG = /^(service|template|record|kind):[a-z][a-z0-9_]*$/;
/** Raster images only (SVG could carry script): avatars and, by default, file fields. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const DEFAULT_FILE_BYTES = 5 * 1024 * 1024;
/** Files of a schema module go to the file store's uploads/ area and are served at /api/uploads/{name} unless x-admin says otherwise. */
export const DEFAULT_UPLOAD_FOLDER = 'uploads';
export const DEFAULT_UPLOAD_URI = '/api/uploads/{name}';

/** The catalogue's texts of a bulk action its schema leaves out (app.schema.bulk.*). */
const BULK_TEXTS = {
  delete: { label: 'app.schema.bulk.delete', message: 'app.schema.bulk.deleted', confirm: 'app.schema.bulk.delete_confirm' },
  add: { label: 'app.schema.bulk.add', message: 'app.schema.bulk.added' },
} as const;

/** list.bulk's entry completed: 'add' names an array property, every text is a catalogue key. */
function bulkActionOf(source: string, given: NonNullable<NonNullable<SchemaFile['x-admin']['list']>['bulk']>[number], properties: Record<string, JsonSchema>): AdminBulkAction {
  if (given.action !== 'delete' && given.action !== 'add') fail(source, 'list.bulk: action must be delete or add');
  if (given.action === 'add' && properties[given.field ?? '']?.type !== 'array') fail(source, `list.bulk: add needs field, an array property`);
  if (given.action === 'delete' && given.field !== undefined) fail(source, 'list.bulk: delete takes no field');
  return { ...BULK_TEXTS[given.action], ...given } as AdminBulkAction;
}

export class SchemaFileError extends Error {
  constructor(source: string, problem: string, separator = ': ') {
    super(`${source}${separator}${problem}`);
  }
}

const defaultApiPath: Record<AdminScope, string> = {
  service: '/client_service/{service_id}/module/{module}',
  admin: '/admin/{module}',
  user: '/user/module/{module}',
};

/** Replaces {product} in every key and string of a schema (limit field names, type labels). */
export function resolveProduct<T>(value: T, product: string): T {
  const replace = (text: string) => text.replaceAll('{product}', product);
  if (typeof value === 'string') return replace(value) as T;
  if (Array.isArray(value)) return value.map((item) => resolveProduct(item, product)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [replace(k), resolveProduct(v, product)])) as T;
  }
  return value;
}

function fail(source: string, problem: string): never {
  throw new SchemaFileError(source, problem);
}

function identifier(source: string, what: string, value: unknown): string {
  if (typeof value !== 'string' || !IDENTIFIER.test(value)) fail(source, `${what} must match ${IDENTIFIER} (got ${JSON.stringify(value)})`);
  return value;
}

/**
 * Checks one parsed schema file and completes it with the defaults (x-admin, and the catalogue keys
 * the file leaves to the convention), so every consumer reads one complete shape. Throws
 * SchemaFileError naming the file and the problem.
 */
export function loadModuleSchema(file: unknown, source: string, product = DEFAULT_PRODUCT): ModuleSchema {
  if (!file || typeof file !== 'object' || Array.isArray(file)) fail(source, 'not a JSON object');
  // $schema names the meta-schema for editors (schemas/x-admin.meta.json); ajv would look it up as a draft.
  const { $schema: _metaSchema, ...written } = file as SchemaFile;
  const resolved = resolveProduct(withConventionalKeys(written as SchemaFile), product);
  const given = resolved['x-admin'];
  if (!given || typeof given !== 'object') fail(source, 'no x-admin block');
  if (resolved.type !== 'object' || !resolved.properties) fail(source, 'the schema must be an object with properties');
  const properties = resolved.properties;

  const resource = identifier(source, 'x-admin.resource', given.resource);
  const scope = given.scope;
  if (!SCOPES.includes(scope)) fail(source, `x-admin.scope must be one of ${SCOPES.join(', ')}`);
  const module = identifier(source, 'x-admin.module', given.module ?? resource);
  if (typeof given.title !== 'string') fail(source, 'x-admin.title must be a catalogue key');

  const parent = given.parent
    ? { resource: identifier(source, 'x-admin.parent.resource', given.parent.resource), param: identifier(source, 'x-admin.parent.param', given.parent.param) }
    : undefined;
  // A child's default address nests under its parent's record: filled in by createRegistry, which knows the parent.
  const path = given.api?.path ?? (parent ? '' : defaultApiPath[scope].replace('{module}', module));
  const api = {
    path,
    upload: given.api?.upload ?? path,
    ...(given.api?.read ? { read: given.api.read } : {}),
    ...(given.api?.menu === undefined ? {} : { menu: identifier(source, 'x-admin.api.menu', given.api.menu) }),
  };
  for (const pattern of [api.path, api.upload, api.read].filter(Boolean) as string[]) {
    if (!pattern.startsWith('/')) fail(source, `api path ${pattern} must start with /`);
    if (scope === 'service' && !pattern.includes('{service_id}')) fail(source, `api path ${pattern} needs {service_id}`);
  }

  const route = given.route;
  if (!route || typeof route.path !== 'string' || typeof route.name !== 'string') fail(source, 'x-admin.route needs path and name');
  const routeParam = identifier(source, 'x-admin.route.param', route.param ?? `${resource}_id`);

  const fieldOf = (what: string, name: unknown) => {
    const field = identifier(source, what, name);
    if (field !== 'id' && !properties[field]) fail(source, `${what} ${field} is not a property`);
    return field;
  };
  // A thumbnail column names a file field, checked once the files are read.
  const columns = (given.list?.columns ?? []).map((c) =>
    c.kind === 'thumbnail'
      ? { ...c, field: identifier(source, 'list column', c.field), ...(c.alt === undefined ? {} : { alt: fieldOf('list column alt', c.alt) }) }
      : { ...c, field: fieldOf('list column', c.field) },
  );
  const ordered = given.ordered === true;
  if (ordered && (given.singleton || given.storage)) fail(source, 'ordered modules keep records in module_records and list them');
  const sort = given.list?.sort ?? (ordered ? { field: POSITION, order: 'ASC' as const } : { field: 'id', order: 'DESC' as const });
  if (!(ordered && sort.field === POSITION)) fieldOf('list.sort.field', sort.field);
  if (sort.order !== 'ASC' && sort.order !== 'DESC') fail(source, 'list.sort.order must be ASC or DESC');
  const list = {
    columns,
    sort,
    search: (given.list?.search ?? []).map((f) => fieldOf('list.search', f)),
    filters: (given.list?.filters ?? []).map((f) => {
      if (f.op !== 'eq' && f.op !== 'contains' && f.op !== 'period') fail(source, `filter ${f.field}: op must be eq, contains or period`);
      if (f.op === 'period' && f.default !== undefined && !PERIODS.includes(f.default as Period)) fail(source, `filter ${f.field}: default must be one of ${PERIODS.join(', ')}`);
      const options = f.options
        ? { resource: identifier(source, `filter ${f.field} options.resource`, f.options.resource), field: identifier(source, `filter ${f.field} options.field`, f.options.field) }
        : undefined;
      const filterFlags = (f.flags ?? []).map((flag) => flagOf(source, flag));
      return {
        field: fieldOf('list filter', f.field),
        param: identifier(source, 'filter param', f.param ?? (f.op === 'period' ? 'period' : f.field)),
        op: f.op,
        ...(f.op === 'period' && f.until !== undefined ? { until: fieldOf('list filter until', f.until) } : {}),
        ...(f.default === undefined ? {} : { default: f.default }),
        ...(options ? { options } : {}),
        ...(filterFlags.length ? { flags: filterFlags } : {}),
      };
    }),
    label: fieldOf('list.label', given.list?.label ?? (properties.name ? 'name' : 'id')),
    ...(given.list?.layout === undefined ? {} : { layout: given.list.layout === 'cards' ? ('cards' as const) : fail(source, 'list.layout must be cards') }),
    ...(given.list?.upload === undefined ? {} : { upload: identifier(source, 'list.upload', given.list.upload) }),
    ...(given.list?.export === true ? { export: true } : {}),
    ...(given.list?.links?.length
      ? {
          links: given.list.links.map((link) => ({
            route: identifier(source, 'list.links route', link.route),
            label: typeof link.label === 'string' ? link.label : fail(source, 'list.links: label must be a catalogue key'),
            on: link.on === 'row' ? ('row' as const) : ('list' as const),
          })),
        }
      : {}),
    ...(given.list?.bulk?.length ? { bulk: given.list.bulk.map((entry) => bulkActionOf(source, entry, properties)) } : {}),
  };

  const files: AdminBlock['files'] = {};
  for (const [name, spec] of Object.entries(given.files ?? {})) {
    identifier(source, 'file field', name);
    if (properties[name]) fail(source, `file field ${name} must not also be a schema property`);
    files[name] = {
      accept: spec.accept ?? IMAGE_TYPES,
      maxBytes: spec.maxBytes ?? DEFAULT_FILE_BYTES,
      deletePath: identifier(source, `files.${name}.deletePath`, spec.deletePath ?? name),
      folder: identifier(source, `files.${name}.folder`, spec.folder ?? DEFAULT_UPLOAD_FOLDER),
      uri: spec.uri ?? DEFAULT_UPLOAD_URI,
      private: spec.private === true,
      thumbnails: (spec.thumbnails ?? []).map((thumbnail) => {
        if (!/^[a-z0-9]{1,32}$/.test(thumbnail.name)) fail(source, `files.${name}.thumbnails: name must be 1-32 lower-case letters or digits`);
        for (const side of [thumbnail.width, thumbnail.height]) {
          if (!Number.isInteger(side) || side < 1 || side > 4096) fail(source, `files.${name}.thumbnails.${thumbnail.name}: width and height must be 1-4096`);
        }
        return { name: thumbnail.name, width: thumbnail.width, height: thumbnail.height };
      }),
      ...fileRulesOf(source, name, spec),
    };
    if (!files[name].uri.includes('{name}')) fail(source, `files.${name}.uri needs {name}`);
    if (files[name].thumbnails.length && files[name].accept.some((type) => !IMAGE_TYPES.includes(type))) fail(source, `files.${name}: thumbnails need an image-only accept list`);
  }

  for (const column of columns) {
    if (column.kind === undefined) continue;
    if (column.kind !== 'thumbnail') fail(source, `list column ${column.field}: kind must be thumbnail`);
    if (!files[column.field]?.thumbnails.length) fail(source, `list column ${column.field}: a thumbnail column names a file field with thumbnails`);
  }

  if (list.upload !== undefined) {
    if (!files[list.upload]) fail(source, `list.upload ${list.upload} must be a file field`);
    if ((resolved.required ?? []).length > 0) fail(source, 'list.upload makes records from files alone: no property may be required');
  }
  if (list.bulk && (given.singleton === true || given.writable === false)) fail(source, 'list.bulk changes records: the module must be writable, and no singleton');

  const actionNames = new Set<string>();
  const actions = (given.actions ?? []).map((action) => {
    const name = identifier(source, 'action name', action.name);
    const problem = (what: string) => fail(source, `action ${name}: ${what}`);
    if (actionNames.has(name)) fail(source, `duplicate action ${name}`);
    actionNames.add(name);
    if (!ACTION_METHODS.includes(action.method)) problem(`method must be one of ${ACTION_METHODS.join(', ')}`);
    if (typeof action.path !== 'string' || !ACTION_PATH.test(action.path)) problem(`path must be a relative path matching ${ACTION_PATH}`);
    if (typeof action.label !== 'string' || typeof action.message !== 'string') problem('label and message must be catalogue keys');
    const on = action.on ?? 'record';
    if (!ACTION_PLACES.includes(on)) problem(`on must be one of ${ACTION_PLACES.join(', ')}`);
    const handler = action.handler ?? 'module';
    if (handler !== 'update' && handler !== 'module') problem('handler must be update or module');
    const body = action.body;
    if (body !== undefined && (body.type !== 'object' || !body.properties)) problem('body must be an object schema with properties');
    if (handler === 'update') {
      if (!body) problem('an update action needs a body');
      if (on === 'collection') problem('an update action acts on a record');
      for (const field of Object.keys(body!.properties!)) if (!properties[field]) problem(`body property ${field} is not a property of the record`);
    }
    if ((action.method === 'GET') !== (action.download === true)) problem('a GET action is a download ("download": true), and a download is a GET');
    if (action.download === true && (handler !== 'module' || body)) problem('a download is served by the module and takes no body');
    const when = action.when;
    if (when !== undefined) {
      if (on === 'collection') problem('when names record fields: a collection action has no record');
      for (const [field, values] of Object.entries(when)) {
        if (!properties[field]) problem(`when names ${field}, which is not a property`);
        if (!Array.isArray(values) || values.length === 0) problem(`when.${field} must list the values the action runs with`);
      }
    }
    const fromRecord = action.fromRecord;
    if (fromRecord !== undefined) {
      if (on === 'collection') problem('fromRecord reads a record: a collection action has none');
      if (body || action.toggle) problem('fromRecord makes the body itself: no body nor toggle beside it');
      for (const [bodyField, field] of Object.entries(fromRecord)) {
        identifier(source, `action ${name} fromRecord`, bodyField);
        if (field !== 'id' && !properties[field]) problem(`fromRecord names ${field}, which is not a property`);
      }
    } else if (action.path === '') problem('an empty path is the collection, which only fromRecord sends to');
    const toggle = action.toggle;
    if (toggle) {
      if (!body?.properties?.[toggle.field]) problem(`toggle field ${toggle.field} must be a body property`);
      if (!Array.isArray(toggle.values) || toggle.values.length !== 2) problem('toggle.values must be two values');
      for (const keys of [action.labels, action.messages]) {
        if (!keys || toggle.values.some((value) => typeof keys[String(value)] !== 'string')) problem('a toggle needs labels and messages for both values');
      }
    }
    return {
      name,
      method: action.method,
      path: action.path,
      on,
      handler,
      ...(body ? { body: withSingleLineChecks(body) } : {}),
      ...(toggle ? { toggle: { field: toggle.field, values: toggle.values } } : {}),
      label: action.label,
      ...(action.labels ? { labels: action.labels } : {}),
      message: action.message,
      ...(action.messages ? { messages: action.messages } : {}),
      ...(action.description === undefined ? {} : { description: typeof action.description === 'string' ? action.description : problem('description must be a catalogue key') }),
      ...(action.download === true ? { download: true } : {}),
      ...(action.replaces === true ? { replaces: true } : {}),
      ...(when ? { when } : {}),
      ...(fromRecord ? { fromRecord } : {}),
      ...(action.opens === undefined ? {} : { opens: OPENED_VIEWS.includes(action.opens) && route.views?.[action.opens] !== undefined ? action.opens : problem(`opens must be one of the module's views ${OPENED_VIEWS.join(', ')}`) }),
      ...(action.confirm === undefined ? {} : { confirm: typeof action.confirm === 'string' ? action.confirm : problem('confirm must be a catalogue key') }),
    } satisfies AdminAction;
  });

  const flags = (given.flags ?? []).map((flag) => {
    flagOf(source, flag);
    if (flag.startsWith('record:') && !parent) fail(source, `flag ${flag} needs a parent record`);
    return flag;
  });
  const filterParams = new Set(list.filters.map((filter) => filter.param));
  const routeNames = new Set<string>();
  const lists = (route.lists ?? []).map((page) => {
    const name = identifier(source, 'route.lists name', page.name);
    if (typeof page.path !== 'string' || !page.path) fail(source, `route.lists ${name}: path must be a sub-path`);
    for (const param of Object.keys(page.filters ?? {})) if (!filterParams.has(param)) fail(source, `route.lists ${name}: ${param} is not a filter param`);
    routeNames.add(name);
    if (page.inline !== undefined && (!Array.isArray(page.inline) || page.inline.length === 0)) fail(source, `route.lists ${name}: inline must list properties`);
    const inline = page.inline?.map((field) => fieldOf(`route.lists ${name} inline field`, field));
    return { name, path: page.path, title: page.title ?? `resources.${resource}.pages.${name}`, filters: { ...page.filters }, ...(inline ? { inline } : {}) };
  });
  const forms = (route.forms ?? []).map((page) => {
    const name = identifier(source, 'route.forms name', page.name);
    if (typeof page.path !== 'string' || !placeholders(page.path).includes(routeParam)) fail(source, `route.forms ${name}: path must name {${routeParam}}`);
    if (!Array.isArray(page.fields) || page.fields.length === 0) fail(source, `route.forms ${name}: fields must list properties`);
    if (routeNames.has(name)) fail(source, `duplicate route ${name}`);
    routeNames.add(name);
    const fields = page.fields.map((field) => fieldOf(`route.forms ${name} field`, field));
    const optional = page.optional && {
      path: identifier(source, `route.forms ${name} optional.path`, page.optional.path),
      fields: (Array.isArray(page.optional.fields) ? page.optional.fields : []).map((field) => {
        if (!fields.includes(field)) fail(source, `route.forms ${name}: optional field ${field} is not one of its fields`);
        return field;
      }),
    };
    return { name, path: page.path, title: page.title ?? `resources.${resource}.pages.${name}`, fields, ...(optional ? { optional } : {}) };
  });
  const lockedBy = given.lockedBy === undefined ? undefined : fieldOf('x-admin.lockedBy', given.lockedBy);
  const lockedFrom = given.lockedFrom === undefined ? undefined : fieldOf('x-admin.lockedFrom', given.lockedFrom);
  const history = given.history === undefined ? undefined : identifier(source, 'x-admin.history', given.history);
  for (const [name, property] of Object.entries(properties)) referenceOf(source, name, property);
  const rules = completeRules(given.rules, properties);
  if (typeof rules === 'string') fail(source, rules);

  const admin: AdminBlock = {
    resource,
    scope,
    module,
    title: given.title,
    api,
    route: { path: route.path, name: route.name, param: routeParam, views: route.views ?? { list: '' }, ...(route.names ? { names: route.names } : {}), ...(route.under ? { under: route.under } : {}), lists, forms },
    list,
    files,
    flags,
    ...(parent ? { parent } : {}),
    ...(given.menu ? { menu: menuOf(source, given, scope) } : {}),
    ...(given.group === undefined ? {} : { group: groupOf(source, given.group) }),
    ...(given.writeRole === undefined ? {} : { writeRole: given.writeRole === 'root' ? 'root' : fail(source, 'writeRole must be "root"') }),
    redirect: given.redirect ?? { view: 'list' },
    messages: given.messages ?? {},
    actions,
    rules,
    unique: (given.unique ?? []).map((u) => {
      if (typeof u.message !== 'string' || !u.fields?.length) fail(source, 'unique keys need fields and a message key');
      return { ...u, fields: u.fields.map((f) => fieldOf('unique field', f)) };
    }),
    indexes: (given.indexes ?? []).map((index) => {
      if (!['btree', 'gin', 'lower'].includes(index.kind)) fail(source, `index ${index.field}: kind must be btree, gin or lower`);
      return { field: fieldOf('index field', index.field), kind: index.kind };
    }),
    singleton: given.singleton === true,
    ...(given.fieldSaves === undefined ? {} : { fieldSaves: fieldSavesOf(source, given, properties) }),
    ordered,
    crud: given.crud !== false,
    screens: given.crud !== false || given.screens === true,
    writable: given.writable !== false,
    ...(history ? { history } : {}),
    ...(lockedBy ? { lockedBy } : {}),
    ...(lockedFrom ? { lockedFrom } : {}),
    ...(given.delivery === undefined ? {} : { delivery: deliveryOf(source, given.delivery, { resource, properties, files, sort, parent: parent !== undefined, storage: given.storage !== undefined }) }),
    ...(given.storage
      ? {
          storage: {
            table: identifier(source, 'storage.table', given.storage.table),
            ...(given.storage.migration === undefined
              ? {}
              : { migration: MIGRATION_FILE.test(given.storage.migration) ? given.storage.migration : fail(source, `storage.migration must match ${MIGRATION_FILE}`) }),
            ...(given.storage.reads
              ? { reads: { table: identifier(source, 'storage.reads.table', given.storage.reads.table), column: identifier(source, 'storage.reads.column', given.storage.reads.column) } }
              : {}),
          },
        }
      : {}),
  };
  for (const [name, property] of Object.entries(resolved.properties ?? {})) {
    const problem = widgetProblem(property);
    if (problem) fail(source, `property ${name}: ${problem}`);
  }
  const schema = withFlaggedRequired(withSingleLineChecks(rules.length ? { ...resolved, [RULES_KEYWORD]: rules } : resolved));
  return { schema, admin, source };
}

/** A template settings path: "banners_counter.photo_dimension_size". */
const SETTINGS_PATH = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/;

/** A file field's flags and template rules (x-admin files.<field>.flags, .template), checked. */
function fileRulesOf(source: string, name: string, spec: Partial<AdminFile>): Pick<AdminFile, 'flags' | 'template'> {
  const flags = spec.flags?.map((flag) => {
    if (flagOf(source, flag).startsWith('record:')) fail(source, `files.${name}.flags: a file field's flags name the service, its template or its kind, not a record`);
    return flag;
  });
  const template = spec.template;
  for (const [rule, path] of Object.entries(template ?? {})) {
    if (rule !== 'help' && rule !== 'dimensions') fail(source, `files.${name}.template: ${rule} is none of help, dimensions`);
    if (typeof path !== 'string' || !SETTINGS_PATH.test(path)) fail(source, `files.${name}.template.${rule} must be a settings path matching ${SETTINGS_PATH}`);
  }
  return { ...(flags?.length ? { flags } : {}), ...(template ? { template: { ...template } } : {}) };
}

/**
 * A module's delivery block, completed: its fields name properties or public files, its where,
 * period, filters and sort name properties (the period's date-times), and a nested module is
 * delivered within its parent, never on a path of its own. The delivery API reads module_records.
 */
function deliveryOf(
  source: string,
  given: NonNullable<SchemaFile['x-admin']['delivery']>,
  module: { resource: string; properties: Record<string, JsonSchema>; files: AdminBlock['files']; sort: AdminBlock['list']['sort']; parent: boolean; storage: boolean },
): AdminDelivery {
  const property = (what: string, name: unknown) => {
    const field = identifier(source, what, name);
    if (!module.properties[field]) fail(source, `${what} ${field} is not a property`);
    return field;
  };
  if (module.storage) fail(source, 'delivery reads module_records: a module with a storage table is not delivered');
  if (!Array.isArray(given.fields) || given.fields.length === 0) fail(source, 'delivery.fields must list the public fields');
  const fields = given.fields.map((name) => {
    const field = identifier(source, 'delivery.fields', name);
    if (module.files[field]?.private) fail(source, `delivery.fields ${field} is a private file`);
    if (!module.properties[field] && !module.files[field]) fail(source, `delivery.fields ${field} is neither a property nor a file field`);
    return field;
  });
  const where = Object.fromEntries(
    Object.entries(given.where ?? {}).map(([name, value]) => {
      if (!['string', 'number', 'boolean'].includes(typeof value)) fail(source, `delivery.where.${name} must be a string, number or boolean`);
      return [property('delivery.where', name), value];
    }),
  );
  const during = given.during && {
    ...Object.fromEntries(
      (['from', 'to'] as const).flatMap((bound) => {
        const name = given.during![bound];
        if (name === undefined) return [];
        const field = property(`delivery.during.${bound}`, name);
        if (module.properties[field].format !== 'date-time') fail(source, `delivery.during.${bound} ${field} must be a date-time property`);
        return [[bound, field]];
      }),
    ),
  };
  const sort = given.sort ?? module.sort;
  if (sort.field !== 'id' && sort.field !== POSITION) property('delivery.sort.field', sort.field);
  if (sort.order !== 'ASC' && sort.order !== 'DESC') fail(source, 'delivery.sort.order must be ASC or DESC');
  if (module.parent !== (given.within !== undefined)) fail(source, 'a nested module is delivered within its parent (delivery.within), and only a nested one');
  if (given.within !== undefined && given.path !== undefined) fail(source, 'a module delivered within its parent has no delivery.path');
  return {
    ...(given.within === undefined ? { path: identifier(source, 'delivery.path', given.path ?? module.resource) } : {}),
    fields,
    where,
    ...(during ? { during } : {}),
    filters: (given.filters ?? []).map((name) => property('delivery.filters', name)),
    sort,
    ...(given.within === undefined ? {} : { within: identifier(source, 'delivery.within', given.within) }),
  };
}

function flagOf(source: string, flag: unknown): string {
  if (typeof flag !== 'string' || !FLAG.test(flag)) fail(source, `flag ${JSON.stringify(flag)} must match ${FLAG}`);
  return flag;
}

/** x-admin.fieldSaves: a singleton's own properties, each saved at a service path of its own. */
function fieldSavesOf(source: string, given: SchemaFile['x-admin'], properties: Record<string, JsonSchema>): Record<string, AdminFieldSave> {
  if (given.singleton !== true) fail(source, 'fieldSaves belongs to a singleton');
  return Object.fromEntries(
    Object.entries(given.fieldSaves ?? {}).map(([field, save]) => {
      if (!properties[field]) fail(source, `fieldSaves names ${field}, which is not a property`);
      if (typeof save.path !== 'string' || !save.path.startsWith('/')) fail(source, `fieldSaves.${field}.path must be an API path`);
      if (given.scope === 'service' && !save.path.includes('{service_id}')) fail(source, `fieldSaves.${field}.path needs {service_id}`);
      if (typeof save.message !== 'string') fail(source, `fieldSaves.${field}.message must be a catalogue key`);
      return [field, { path: save.path, body: identifier(source, `fieldSaves.${field}.body`, save.body), message: save.message }];
    }),
  );
}

/** A module's place in a page group (checked against the other members by createRegistry). */
function groupOf(source: string, group: SchemaFile['x-admin']['group']) {
  if (!Number.isInteger(group?.sort)) fail(source, 'x-admin.group.sort must be an integer');
  return { name: identifier(source, 'x-admin.group.name', group?.name), sort: group!.sort };
}

/** The reference a property declares (x-ref on it, or on its items for an array); undefined for none. */
export function referenceOf(source: string, name: string, property: JsonSchema): AdminReference | undefined {
  const items = property.items as JsonSchema | undefined;
  const given = (property['x-ref'] ?? items?.['x-ref']) as Partial<AdminReference> | undefined;
  if (given === undefined) return undefined;
  const resource = identifier(source, `${name} x-ref.resource`, given.resource);
  return { resource, field: given.field === undefined ? 'id' : identifier(source, `${name} x-ref.field`, given.field) };
}

export interface Registry {
  modules: readonly ModuleSchema[];
  byResource(resource: string): ModuleSchema | undefined;
  byRouteName(name: string): ModuleSchema | undefined;
}

/**
 * Builds the registry from parsed schema files keyed by their source (file path): the browser
 * passes Vite's import.meta.glob result, the server the files it read from SCHEMAS_DIR.
 */
export function createRegistry(files: Record<string, unknown>, product = DEFAULT_PRODUCT): Registry {
  const modules = Object.entries(files)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([source, file]) => loadModuleSchema(unwrapModule(file), source, product));
  const seen = new Map<string, string>();
  for (const { admin } of modules) {
    for (const key of [`resource ${admin.resource}`, ...[admin.route.name, ...admin.route.lists.map((page) => page.name), ...admin.route.forms.map((page) => page.name)].map((name) => `route ${name}`)]) {
      if (seen.has(key)) throw new SchemaFileError(admin.resource, `duplicate ${key}`);
      seen.set(key, admin.resource);
    }
  }
  const byResource = (resource: string) => modules.find((m) => m.admin.resource === resource);
  for (const module of modules) nestUnderParent(module, byResource);
  checkMenuFolders(modules);
  for (const module of modules) {
    const { admin } = module;
    checkPlaceholders(module, byResource);
    checkHistory(admin, byResource);
    checkDelivery(admin, modules);
    const groupError = groupProblem(modules, module);
    if (groupError) throw new SchemaFileError(module.source, groupError);
    for (const { field, options } of admin.list.filters ?? []) {
      if (options) checkFilterOptions(admin, field, options, modules);
    }
    for (const [name, property] of Object.entries(module.schema.properties ?? {})) {
      const reference = referenceOf(admin.resource, name, property);
      if (reference) checkReference(admin, name, reference, byResource);
    }
  }
  return {
    modules,
    byResource,
    byRouteName: (name) => modules.find((m) => m.admin.route.name === name || Object.values(m.admin.route.names ?? {}).includes(name)),
  };
}

/** A nested module is delivered within a delivered parent; no two modules share a delivery path. */
function checkDelivery(admin: AdminBlock, modules: readonly ModuleSchema[]): void {
  const delivery = admin.delivery;
  if (!delivery) return;
  if (delivery.within !== undefined) {
    const parent = modules.find((m) => m.admin.resource === admin.parent?.resource)?.admin;
    if (!parent?.delivery) throw new SchemaFileError(admin.resource, `delivery.within: its parent ${admin.parent?.resource} is not delivered`);
    if (parent.delivery.fields.includes(delivery.within)) throw new SchemaFileError(admin.resource, `delivery.within ${delivery.within} is already a field of ${parent.resource}`);
    return;
  }
  const same = modules.find((m) => m.admin !== admin && m.admin.delivery?.path === delivery.path);
  if (same) throw new SchemaFileError(admin.resource, `delivery.path ${delivery.path} is also ${same.admin.resource}'s`);
}

/** The parent chain of a module, nearest first; refuses unknown parents, other scopes and cycles. */
export function ancestors(admin: AdminBlock, byResource: (resource: string) => ModuleSchema | undefined): AdminBlock[] {
  const chain: AdminBlock[] = [];
  let current = admin;
  while (current.parent) {
    const parent = byResource(current.parent.resource)?.admin;
    if (!parent) throw new SchemaFileError(current.resource, `its parent ${current.parent.resource} is not a module`);
    if (parent.scope !== admin.scope) throw new SchemaFileError(current.resource, `its parent ${parent.resource} has another scope`);
    if (parent === admin || chain.includes(parent)) throw new SchemaFileError(admin.resource, 'its parents form a cycle');
    if (parent.singleton || !parent.crud) throw new SchemaFileError(current.resource, `its parent ${parent.resource} must be a listed module with records`);
    // A child's parent_id references its parent's row: both in module_records, or both in tables of their own.
    if (Boolean(parent.storage) !== Boolean(current.storage)) {
      throw new SchemaFileError(current.resource, 'a nested module keeps its records where its parent does: both in module_records, or both in storage tables (the child\'s with parent_id)');
    }
    // One name for the parent record in both modules' routes, so a child's screen links back to its parent's.
    if (current.parent.param !== parent.route.param) {
      throw new SchemaFileError(current.resource, `parent.param must be ${parent.resource}'s route param ${parent.route.param}`);
    }
    chain.push(parent);
    current = parent;
  }
  return chain;
}

/** A child without its own API path gets one under its parent's record: {parent path}/{parent param}/{module}. */
function nestUnderParent(module: ModuleSchema, byResource: (resource: string) => ModuleSchema | undefined): void {
  const { admin } = module;
  if (!admin.parent || admin.api.path) return;
  const parent = byResource(admin.parent.resource)?.admin;
  if (!parent) throw new SchemaFileError(admin.resource, `its parent ${admin.parent.resource} is not a module`);
  if (!parent.api.path) nestUnderParent(byResource(parent.resource)!, byResource);
  const path = `${parent.api.path}/{${admin.parent.param}}/${admin.module}`;
  admin.api = { ...admin.api, path, upload: admin.api.upload || path };
}

/**
 * Every placeholder of a module's API and route paths names something the server and the router
 * resolve: the service, a parent record (its own param and its ancestors'), or, in a view, the record.
 */
function checkPlaceholders(module: ModuleSchema, byResource: (resource: string) => ModuleSchema | undefined): void {
  const { admin } = module;
  const chain = ancestors(admin, byResource);
  const known = new Set([...(admin.scope === 'service' ? ['service_id'] : []), ...[admin, ...chain].flatMap((a) => (a.parent ? [a.parent.param] : []))]);
  const check = (pattern: string, allowed: Set<string>) => {
    for (const name of placeholders(pattern)) {
      if (!allowed.has(name)) throw new SchemaFileError(admin.resource, `${pattern}: the placeholder {${name}} names nothing the server resolves`);
    }
  };
  for (const pattern of [admin.api.path, admin.api.upload, admin.api.read].filter(Boolean) as string[]) check(pattern, known);
  if (admin.parent && !placeholders(admin.api.path).includes(admin.parent.param)) {
    throw new SchemaFileError(admin.resource, `api path ${admin.api.path} must name its parent {${admin.parent.param}}`);
  }
  // Pages may also name what their records are listed by (an eq filter's param: the news category), theirs or a parent's.
  const routed = new Set([...known, ...[admin, ...chain].flatMap((a) => (a.list.filters ?? []).filter((filter) => filter.op === 'eq').map((filter) => filter.param ?? filter.field))]);
  check(admin.route.path, routed);
  for (const page of admin.route.lists) check(page.path, routed);
  // A record's page may end with an optional segment naming one of its properties ({imported_client_service_id?}).
  const optional = Object.keys(module.schema.properties ?? {});
  const inView = new Set([...routed, admin.route.param, ...optional]);
  for (const view of [...Object.values(admin.route.views), ...admin.route.forms.map((page) => page.path)]) if (view) check(view, inView);
}

/** A module's history is a read-only module nested under it, or under its parent (a news item's photos: the item's log). */
function checkHistory(admin: AdminBlock, byResource: (resource: string) => ModuleSchema | undefined): void {
  if (!admin.history) return;
  const history = byResource(admin.history)?.admin;
  const nestedUnder = history?.parent?.resource;
  if (!history || (nestedUnder !== admin.resource && nestedUnder !== admin.parent?.resource) || history.writable) {
    throw new SchemaFileError(admin.resource, `x-admin.history ${admin.history} must be a read-only module (writable: false) nested under it or its parent`);
  }
}

/** A reference names a module of the same scope, by one of its fields. */
function checkReference(admin: AdminBlock, name: string, reference: AdminReference, byResource: (resource: string) => ModuleSchema | undefined): void {
  const target = byResource(reference.resource);
  const problem = !target
    ? `it references ${reference.resource}, which is not a module`
    : target.admin.scope !== admin.scope
      ? `it references ${reference.resource}, of another scope`
      : target.admin.parent || target.admin.storage
        ? `it references ${reference.resource}, which is nested or kept in its own table`
        : reference.field !== 'id' && !target.schema.properties?.[reference.field]
          ? `${reference.field} is not a property of ${reference.resource}`
          : null;
  if (problem) throw new SchemaFileError(admin.resource, `property ${name}: ${problem}`);
}

/** A filter's options come from a module of the same scope, by a field its list searches (the user types, the server finds). */
function checkFilterOptions(admin: AdminBlock, field: string, options: { resource: string; field: string }, modules: readonly ModuleSchema[]): void {
  const source = modules.find((candidate) => candidate.admin.resource === options.resource)?.admin;
  const problem = !source
    ? `its options resource ${options.resource} is not a module`
    : source.scope !== admin.scope
      ? `its options resource ${options.resource} has another scope`
      : !source.list.search?.includes(options.field)
        ? `its options field ${options.field} is not in ${options.resource}'s list.search`
        : null;
  if (problem) throw new SchemaFileError(admin.resource, `filter ${field}: ${problem}`);
}

/** import.meta.glob with eager JSON gives {default: schema}; a plain read gives the schema. */
function unwrapModule(file: unknown): unknown {
  if (file && typeof file === 'object' && 'default' in file && !('x-admin' in file)) return (file as { default: unknown }).default;
  return file;
}
