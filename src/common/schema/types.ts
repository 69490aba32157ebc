/**
 * The contract between a schema file (schemas/<entity>.schema.json), the server's generic CRUD and
 * the browser's generic resources. Every text here is a catalogue key, never a literal.
 */

import type { FieldRule } from './rules';

/** Who owns the records: the signed-in user, a client service, or the whole panel (root users only). */
export type AdminScope = 'user' | 'service' | 'admin';

/** Path patterns use {name} placeholders: {service_id}, {module}, {id}, and route params. */
export interface AdminApi {
  /**
   * The collection: GET lists (or reads a singleton), POST creates (or saves a singleton).
   * Items live at `${path}/{id}`. Default: /client_service/{service_id}/module/{module} (service),
   * /admin/{module} (admin), /user/module/{module} (user).
   */
  path: string;
  /** Multipart collection for records with files (POST; items PUT `${upload}/{id}`). Default: `path`. */
  upload: string;
  /** Singletons only: where GET reads the record when it is not `path` (e.g. .../limits/current). */
  read?: string;
  /**
   * Sub-path of an item whose OPTIONS answers at once the fields its nested modules' record:<field>
   * flags read ({has_videos: true, ...}): the record's tabs ask it instead of each nested module.
   */
  menu?: string;
}

export interface AdminRouteViews {
  /** Sub-path of the list, '' for the route path itself. */
  list?: string;
  create?: string;
  /** Contains the record param, e.g. "edytuj/{tag_id}". */
  edit?: string;
  show?: string;
}

export interface AdminRoute {
  /** Full Polish path pattern, e.g. /usluga/{service_id}/konfiguracja/tagi or /admin/content. */
  path: string;
  /** Route name (menu prefix), e.g. service_configuration_tags. */
  name: string;
  /** Route param naming the record in edit/show sub-paths, e.g. tag_id. */
  param: string;
  views: AdminRouteViews;
  /** Names of the sub-routes: {show: "service_configuration_senders_config_preview"}. */
  names?: Partial<Record<keyof AdminRouteViews, string>>;
  /** A hand-written screen the module's screens sit under in the breadcrumbs, its menu entry active (the WCAG statement under the assistant). */
  under?: string;
  /**
   * More lists of the same records, each with fixed filter values (news: the pinned ones, a
   * category's archive). A path placeholder naming an `eq` filter's param (e.g. {category_id})
   * filters the list by the route's value; the list view does the same.
   */
  lists: AdminRouteList[];
  /** More pages of one record, each a form showing some of its fields (news: the options page). */
  forms: AdminRouteForm[];
}

export interface AdminRouteList {
  /** Route name, unique among all routes. */
  name: string;
  /** Sub-path under route.path. */
  path: string;
  /** Catalogue key of the page title. */
  title: string;
  /** Filter values by filter param, e.g. {"archived": "true"}. */
  filters: Record<string, string>;
  /**
   * Properties edited in place: the page is a table of every record's fields, each changed row
   * saved with the record's PUT (a gallery's descriptions and alt texts).
   */
  inline?: string[];
}

export interface AdminRouteForm {
  name: string;
  /** Sub-path under route.path, naming the record param. */
  path: string;
  title: string;
  /** The properties the page shows; the edit view leaves them to it. */
  fields: string[];
  /**
   * Those of `fields` shown only where the OPTIONS of the record's sub-path `path` names them in its
   * {schema: {properties}} (a news item's display options: pinning where the template pins).
   */
  optional?: { path: string; fields: string[] };
}

export interface AdminColumn {
  /** A property, or for a thumbnail column a file field with thumbnails. */
  field: string;
  sortable?: boolean;
  /** thumbnail: the file field's smallest thumbnail as an image. */
  kind?: 'thumbnail';
  /** A thumbnail column's property holding the image's alt text. */
  alt?: string;
}

export interface AdminFilter {
  /** The record field. */
  field: string;
  /** The query parameter carrying the value, default the field name. */
  param?: string;
  /**
   * eq: the field equals the value; contains: an array field contains the value; period: the
   * record's period (from `field` to `until`, an empty bound open) holds now (current), has ended
   * (past) or has not begun (future). A period is chosen by the list's tabs, never typed.
   */
  op: 'eq' | 'contains' | 'period';
  /** period: the date-time property that ends the period. */
  until?: string;
  /** The value when the query names none (a period list shows the current records). */
  default?: string;
  /**
   * The values come from another module's records (e.g. recipient tags are tag names): the filter
   * offers that resource's `field` values, searched on the server as the user types.
   */
  options?: { resource: string; field: string };
  /** Feature flags the filter needs (the pinned news of a template with pinning), otherwise its list answers 404. */
  flags?: string[];
}

export interface AdminList {
  columns: AdminColumn[];
  sort: { field: string; order: 'ASC' | 'DESC' };
  /** Fields matched (case-insensitively, as substrings) by the `search` query parameter. */
  search?: string[];
  filters?: AdminFilter[];
  /** The field shown for a record in dictionaries and titles, default "name" (or id). */
  label: string;
  /** cards: the records as cards at every width (a catalogue with pictures), not only on a phone. */
  layout?: 'cards';
  /**
   * A file field: the list takes many files at once (a gallery's photos, a news item's attachments),
   * each sent as a new record with that file, with its own progress. The record's other fields must
   * be optional (filled in later).
   */
  upload?: string;
  /** GET {collection}/export: the list as it is filtered and sorted, every record, as a CSV file. */
  export?: boolean;
  /** What the list does to the records selected on it, each one call for all of them (capabilities/bulk.ts). */
  bulk?: AdminBulkAction[];
  /**
   * Buttons opening a module's own screen about the records, by route name: above the list
   * (recipients: their import), or with `on: 'row'` on each row, the record's id filling the route's param (a survey's results).
   */
  links?: { route: string; label: string; on: 'list' | 'row' }[];
}

/**
 * An action on the records selected on a list, all or none in one transaction: 'delete' removes
 * them, 'add' adds values to an array field of each (tags to recipients). Its texts are catalogue
 * keys; the message and the confirmation are counted (smart_count, three Polish forms).
 */
export interface AdminBulkAction {
  action: 'delete' | 'add';
  /** 'add': the array property the values are added to. */
  field?: string;
  label: string;
  message: string;
  /** Asked before it runs (a deletion always asks). */
  confirm?: string;
}

export interface AdminFile {
  /** Accepted MIME types; images are also checked by their magic bytes. */
  accept: string[];
  maxBytes: number;
  /** Sub-path of an item that deletes the file: DELETE `${item}/${deletePath}`. */
  deletePath: string;
  /** Folder under DATA_DIR holding the files, default "uploads" (served at /api/uploads/{name}). */
  folder: string;
  /** Where a stored file is served, {name} its stored name; a folder other code serves names its own. */
  uri: string;
  /** Served only through short-lived signed URLs, handed out after the tenant check (uri unused). */
  private: boolean;
  /** Image derivatives made when the file is stored, exposed as `<field>_thumbnails: {name: uri}`. */
  thumbnails: AdminThumbnail[];
  /** Feature flags the field needs (service, template or kind ones): elsewhere the form leaves it out and the server refuses a file. */
  flags?: string[];
  /**
   * Rules the service's appearance template gives the field, as paths of its settings:
   * `help`, a text shown under the field; `dimensions`, "<width>x<height>" an image must have.
   */
  template?: { help?: string; dimensions?: string };
}

export interface AdminThumbnail {
  name: string;
  width: number;
  height: number;
}

/** Success toasts (SPEC 8) by event: created, updated, deleted, and any a module's own calls add. */
export type AdminMessages = Partial<Record<'created' | 'updated' | 'deleted', string>> & Record<string, string>;

/**
 * An extra call a module offers: a button that sends `method` to `path` under the record (or, for a
 * singleton or `on: 'collection'`, under the collection), with a body when the action declares one.
 */
export interface AdminAction {
  /** Identifier, unique in the module. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sub-path, e.g. "test": PUT /client_service/{service_id}/module/senders/configs/test. */
  path: string;
  /** Where the button is: on each list row and the record's screen ('row'), only the record's screen ('record'), or above the list ('collection'). */
  on: 'row' | 'record' | 'collection';
  /**
   * 'update': the engine serves it, setting the body's fields on the record (PUT .../{id}/publish
   * {published}); 'module': a module's own code serves it (a test send, a copy).
   */
  handler: 'update' | 'module';
  /** The body's JSON Schema; for 'update', its properties are record properties. None: an empty body. */
  body?: JsonSchema;
  /**
   * A two-state switch (publish, section on/off): the button sends the record's `field` set to the
   * other of `values`; its label and toast are then picked by the value sent (labels/messages keyed by it).
   */
  toggle?: { field: string; values: [string | boolean, string | boolean] };
  /** Catalogue key of the button (or, for a toggle, keys by the value the click sends). */
  label: string;
  labels?: Record<string, string>;
  /**
   * Catalogue key of the success toast; `messages` keys others by the value a toggle sends, or else
   * by the `status` the answer gives (a start that only schedules says so).
   */
  message: string;
  messages?: Record<string, string>;
  /** Catalogue key of the toast's second line ('Sprawdź skrzynkę.' under 'Wysłano szablon.'); none: one line. */
  description?: string;
  /** Catalogue key of a question asked before the call; none: no confirmation. */
  confirm?: string;
  /** A GET answering {url}: the browser then downloads the file at that address (a template as .html). */
  download?: true;
  /** The record states the action can run in: by field, the values it may hold (a mailing starts only as a draft); elsewhere it is not offered. */
  when?: Record<string, (string | number | boolean)[]>;
  /** The answer is a new record of the module (a copy): the browser then opens this view of it. */
  opens?: 'show' | 'edit';
  /** The answer is the record as the action left it (refilled from elsewhere): the record's form then shows it. */
  replaces?: true;
  /**
   * The body made from the record, {<body field>: <record field>}, sent to the collection's address
   * (with `path`, below it): a choice among the records (activating a template: PUT template {template_id}).
   */
  fromRecord?: Record<string, string>;
}

export interface AdminUnique {
  fields: string[];
  /** Catalogue key of the 409 detail. */
  message: string;
  ignoreCase?: boolean;
}

export interface AdminIndex {
  field: string;
  /**
   * btree: equality and sort; gin: array containment; lower: case-insensitive equality in a service
   * (a tag by its name). List searches need none: pg_trgm indexes their search fields (indexes.ts).
   */
  kind: 'btree' | 'gin' | 'lower';
}

export interface AdminRedirect {
  /** A view of this resource, or a route name with params taken from the current route. */
  view?: keyof AdminRouteViews;
  route?: string;
}

/** Records kept in an existing table instead of module_records: columns named as the properties. */
export interface AdminTableStorage {
  /**
   * File fields are stored in `${field}_file` columns. A service-scope table has a
   * `client_service_id` column, a user-scope one `user_id`: the owner of each row.
   */
  table: string;
  /**
   * The SQL file (beside the schema file) that creates the table, applied once at start like the
   * panel's own migrations; none for a table the panel's migrations create.
   */
  migration?: string;
  /** Per-user read state: table (user_id, <column>) rows mark a record read; lists sort unread first. */
  reads?: { table: string; column: string };
}

export interface AdminParent {
  /** The parent module's resource; it has the same scope. */
  resource: string;
  /** The placeholder naming the parent record in this module's API and route paths, e.g. gallery_id. */
  param: string;
}

/** A property naming records of another module of the same owner (x-ref on the property or its items). */
export interface AdminReference {
  resource: string;
  /** The referenced module's field the value holds; default "id". */
  field: string;
}

/** A menu folder a module declares (x-admin.menu.folder as an object): its own entry goes in it, others join it by its slot. */
export interface AdminMenuFolder {
  /** The name entries give as their `folder` to go in it (e.g. "modules"). */
  slot: string;
  /** Catalogue key of its name; default app.menu.folders.<slot>. */
  name: string;
  /** A Material icon's name (src/client/layout/menuIcons.tsx). */
  icon: string;
  /** Its place among the menu's top-level entries; default 100. */
  sort: number;
  /** Shown to root users only; default false (a folder left empty is hidden anyway). */
  rootOnly: boolean;
}

/**
 * Where a module's entry goes: the service menu (the sidebar inside a service) for service scope,
 * the admin area's menu for admin scope.
 */
export interface AdminMenu {
  /** The slot of the folder it goes in (e.g. "configuration"); none: the menu's top level. */
  folder?: string;
  /** The folder it declares, when x-admin.menu.folder is written as an object; `folder` is its slot. */
  declares?: AdminMenuFolder;
  /** A Material icon's name (src/client/layout/menuIcons.tsx). */
  icon: string;
  /** Its place among the folder's entries (the seeded ones are 10, 20, 30, ...). */
  sort: number;
  /** Catalogue key of its name; default the module's title. */
  name: string;
  /** Shown to root users only; default: when only root users write the module. */
  rootOnly: boolean;
}

/**
 * Pages shown as tabs of one group (the site's main data: its own singleton page beside lists of
 * additional data, contacts and positions, and a map): the member of the lowest `sort` leads it,
 * its page is the group's, above the others in the breadcrumbs, its menu entry the group's.
 */
export interface AdminGroup {
  /** The group's identifier, the same in every member. */
  name: string;
  /** The page's place among the group's tabs. */
  sort: number;
}

/** How one field of a singleton is saved (x-admin.fieldSaves): its call's API path, the body field it goes in, its toast. */
export interface AdminFieldSave {
  path: string;
  body: string;
  message: string;
}

export interface AdminBlock {
  resource: string;
  scope: AdminScope;
  /** Permission module checked with requireServiceAccess (service scope); {module} in default paths. */
  module: string;
  /** Catalogue key of the screen title; by convention resources.<resource>.title (see keys.ts). */
  title: string;
  api: AdminApi;
  route: AdminRoute;
  list: AdminList;
  /**
   * Uploads of the record, beside its properties; one an if/then branch names in its `properties`
   * (`"image": {}`) is shown in the form only where that branch holds, as conditional properties are.
   */
  files: Record<string, AdminFile>;
  /**
   * Feature flags, each a named resolver the module's pages need, otherwise 404 (SPEC 2): e.g.
   * "service:newsletter_imports" (client_service_flags), "template:banners" (the active appearance
   * template's setting), "record:has_videos" (a field of the parent record).
   */
  flags: string[];
  /** The record this module's records belong to (a gallery's photos): its API and routes nest under it. */
  parent?: AdminParent;
  /** Its entry in the service menu (service scope) or the admin menu (admin scope), placed and kept in step at every start. */
  menu?: AdminMenu;
  /** The group of pages it is a tab of, if any. */
  group?: AdminGroup;
  /** 'root': only root users create, change or delete (e.g. the sending limits the provider sets); service users may read. */
  writeRole?: 'root';
  redirect: AdminRedirect;
  messages: AdminMessages;
  actions: AdminAction[];
  /** Rules between fields (dates, date-times, numbers), checked on both sides (rules.ts). */
  rules: FieldRule[];
  unique: AdminUnique[];
  indexes: AdminIndex[];
  /** One record per service (or per user / panel): GET reads it, POST or PUT saves it. */
  singleton: boolean;
  /**
   * A singleton whose fields are each saved by a call of their own (PUT `path` with {<body>: value})
   * with a toast of their own (the template page: colour version, counter, home-page layout).
   */
  fieldSaves?: Record<string, AdminFieldSave>;
  /**
   * The user arranges the records (drag and drop, or move up/down): they keep a position, new ones
   * go last, the list sorts by `position` by default, and PUT {collection}/order {ids} rearranges them.
   */
  ordered: boolean;
  /**
   * false: a hand-written module serves the API and uses this schema only for its forms and
   * validation (e.g. main-page sections under the home-page builder's SPEC 7 paths).
   */
  crud: boolean;
  /**
   * crud: false only: the engine's screens show the module all the same, over the calls its own code
   * serves at the API paths (the template catalogue at SPEC 7's template calls). Default: crud.
   */
  screens: boolean;
  storage?: AdminTableStorage;
  /**
   * false: records are only read through the API (no create, update or delete calls): e.g. a
   * history the engine writes itself.
   */
  writable: boolean;
  /**
   * A nested, read-only module given each write's difference (news_logs): every create and update
   * of this module's records adds a record there, in the same transaction, with who, when and what.
   * A module nested under the history's parent logs there too, naming itself (`resource`), with its
   * removals: a news item's log tells of its photos.
   */
  history?: string;
  /**
   * A boolean property that makes a record read-only when true (an imported news item): its
   * writes, and those of the records nested under it, answer 409.
   */
  lockedBy?: string;
  /** A date-time property: once its moment has come the record is read-only (common/schema/locking.ts). */
  lockedFrom?: string;
  /** Its records as a site reads them through the public delivery API; absent: not delivered. */
  delivery?: AdminDelivery;
}

/**
 * What of a module a site reads through the public delivery API: only `fields`, only the records
 * whose properties equal `where` and whose `during` period holds now. A nested module names the
 * key (`within`) its records take in their parent's delivered record instead of a path.
 */
export interface AdminDelivery {
  /** The segment under /api/site/{domain}/; absent for a module delivered within its parent. */
  path?: string;
  fields: string[];
  where: Record<string, string | number | boolean>;
  during?: { from?: string; to?: string };
  filters: string[];
  sort: { field: string; order: 'ASC' | 'DESC' };
  within?: string;
}

/** A JSON Schema object (draft-07 as ajv 8 reads it by default). */
export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  title?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** A schema file as written: x-admin may leave out everything that has a default. */
export type SchemaFile = JsonSchema & {
  $id?: string;
  $schema?: string;
  'x-admin': Partial<Omit<AdminBlock, 'list' | 'files' | 'route' | 'actions' | 'menu' | 'rules' | 'delivery'>> &
    Pick<AdminBlock, 'resource' | 'scope'> & {
      actions?: (Omit<AdminAction, 'on' | 'handler'> & Partial<Pick<AdminAction, 'on' | 'handler'>>)[];
      menu?: Partial<Omit<AdminMenu, 'folder' | 'declares'>> &
        Pick<AdminMenu, 'icon'> & { folder?: string | (Partial<AdminMenuFolder> & Pick<AdminMenuFolder, 'slot' | 'icon'>) };
      rules?: (Omit<FieldRule, 'message' | 'kind'> & { message?: string })[];
      delivery?: Partial<Omit<AdminDelivery, 'fields'>> & Pick<AdminDelivery, 'fields'>;
      list?: Partial<Omit<AdminList, 'bulk'>> & { bulk?: (Pick<AdminBulkAction, 'action'> & Partial<AdminBulkAction>)[] };
      files?: Record<string, Partial<AdminFile>>;
      route?: Partial<Omit<AdminRoute, 'lists' | 'forms'>> &
        Pick<AdminRoute, 'path' | 'name'> & {
          lists?: (Omit<AdminRouteList, 'title'> & { title?: string })[];
          forms?: (Omit<AdminRouteForm, 'title'> & { title?: string })[];
        };
    };
};

/** A loaded module: the schema with {product} resolved and x-admin completed with its defaults. */
export interface ModuleSchema {
  /** The JSON Schema for bodies (x-admin kept as an annotation). */
  schema: JsonSchema;
  admin: AdminBlock;
  /** The schema file, relative to the schemas folder (its storage migration sits beside it). */
  source: string;
}
