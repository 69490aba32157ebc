import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createAjv,
  DEFAULT_UPLOAD_FOLDER,
  describeErrors,
  itemPattern,
  pickDeclared,
  POSITION,
  toRoutePattern,
  translateErrors,
  type AdminAction,
  type AdminReference,
  referenceOf,
  type JsonSchema,
  type ModuleSchema,
  type RecordValidator,
} from '../../common/schema';
import { richTextFields } from '../../common/schema/widgets';
import { currentUser } from '../platform/auth/plugin';
import { sanitizeHtml } from '../platform/sanitizing/html';
import type { Queryable } from '../platform/db';
import { migrateModules } from '../platform/db/migrate';
import { assertValidForm, HttpError, httpError, t } from '../platform/http/errors';
import { CSV_BOM, csvDownloadHeaders, csvLine } from '../platform/http/csv';
import { requireServiceAccess } from '../platform/auth/service-access';
import { flagsHold } from './flags';
import { uniqueKeyOfConstraint, ensureIndexes } from './indexes';
import { placeMenuEntries } from './menus';
import { parseListQuery } from './list-query';
import { followRemoval, followRename } from './references';
import { serverRegistry } from './settings';
import { recordStore, type Owner, type RecordStore, type StoredRecord } from './storage';
import { chargeFiles, releaseFiles } from '../platform/files/quota';
import { servePublicFiles } from '../platform/files/routes';
import { derivativeName, newStoredName, STORED_NAME } from '../platform/files/store';
import { DERIVATIVE_EXTENSION } from '../platform/files/images';
import { discard, readBody, type ReceivedFile } from './uploads';

type Params = Record<string, string>;
/** Records an export reads at a time. */
const EXPORT_PAGE = 1000;

/** The ids of PUT {collection}/order: distinct record ids, as many as one list shows at most. */
const ORDER_IDS = { type: 'array', minItems: 1, maxItems: 1000, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } };
/** A received file's objects (the original, its thumbnails) on their way to their final keys. */
interface Placement {
  temporaryKey: string;
  key: string;
  bytes: number;
}

/** The record a write created, updated or (removed: true) deleted. */
export interface WriteChange {
  record: StoredRecord;
  removed: boolean;
}

const isStoredRecord = (value: unknown): value is StoredRecord =>
  typeof value === 'object' && value !== null && 'id' in value && 'values' in value && 'files' in value;

/** What a write's result names: a created or updated record, or a removal's {record, nested}. */
function changeOf(result: unknown): WriteChange | null {
  if (isStoredRecord(result)) return { record: result, removed: false };
  const removed = typeof result === 'object' && result !== null && 'record' in result ? result.record : undefined;
  return isStoredRecord(removed) ? { record: removed, removed: true } : null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The 400 every invalid body gets: the SPEC 8 detail and one Polish message per field. */
export function validationFailure(validate: RecordValidator, schema: JsonSchema): HttpError {
  return new HttpError(400, t('validation.form_invalid'), translateErrors(describeErrors(validate.errors, schema), t, schema));
}

/**
 * What a module's own code adds to the engine's calls of another (or its own) schema module: more
 * of OPTIONS's answer, checks and derived values before a record is written, and effects in the
 * same transaction after every write (imports queue their copy job; a newsletter template is
 * rendered again from its blocks).
 */
export interface ModuleHooks {
  /** Fields OPTIONS answers beside {schema}. */
  options?(request: FastifyRequest, owner: Owner): Promise<Record<string, unknown>>;
  /** Checks a record's values (throwing an HttpError) and completes them, before they are stored. */
  beforeWrite?(tx: Queryable, owner: Owner, values: Record<string, unknown>, request: FastifyRequest): Promise<Record<string, unknown>>;
  /**
   * Runs in every write's transaction after the engine's write: `change` names the record created,
   * updated or removed (null for a reorder). A hook that rewrites a created or updated record
   * returns it as stored, and the call answers with it. Throwing rolls the write back.
   */
  afterWrite?(tx: Queryable, owner: Owner, change: WriteChange | null): Promise<StoredRecord | void>;
}

/** The routes one schema file gives: list, read, create, update, delete, files, dictionary, options. */
export class ModuleRoutes {
  private readonly hooks: ModuleHooks[] = [];
  private records: RecordStore;
  private readonly validate: RecordValidator;
  private readonly writeOnly: string[];
  /** Properties only the server sets (a mailing's status, a recipient's unsubscribed_at, an imported item's source): shown, never taken from a body; a save keeps the stored values. */
  private readonly readOnly: string[];
  /** The properties naming records of another module (x-ref), checked on every save. */
  private readonly references: { field: string; reference: AdminReference }[];
  /** The rich text properties, sanitised before every save. */
  private readonly richText: string[];
  private readonly serialisedPages = new WeakMap<object, string>();
  private fileChildrenFound: ModuleRoutes[] | undefined;
  /** Private files get a fresh signed URL on every read, so their pages are never kept serialised. */
  private readonly hasPrivateFiles: boolean;

  constructor(
    private readonly app: FastifyInstance,
    readonly module: ModuleSchema,
    private readonly ajv: ReturnType<typeof createAjv>,
  ) {
    this.records = recordStore(module, { sharedDatabase: app.ctx.db.kind === 'postgres', listCache: app.ctx.config.listCache });
    // Each app compiles its own copy, so several apps (tests) can share one process.
    const { $id: _id, ...schema } = module.schema;
    this.validate = ajv.compile(schema);
    this.writeOnly = Object.entries(module.schema.properties ?? {})
      .filter(([, property]) => property.writeOnly === true)
      .map(([name]) => name);
    this.readOnly = Object.entries(module.schema.properties ?? {})
      .filter(([, property]) => property.readOnly === true)
      .map(([name]) => name);
    this.references = Object.entries(module.schema.properties ?? {}).flatMap(([field, property]) => {
      const reference = referenceOf(module.admin.resource, field, property);
      return reference ? [{ field, reference }] : [];
    });
    this.richText = richTextFields(module.schema);
    this.hasPrivateFiles = Object.values(module.admin.files).some((spec) => spec.private);
  }

  get store(): RecordStore {
    return this.records;
  }

  /**
   * A module plugin whose records live in the platform's own tables (editors: panel users given a
   * service) gives their store before the server is ready; the engine keeps checking, validating
   * and serving every call.
   */
  useStore(store: RecordStore): void {
    this.records = store;
  }

  private get files() {
    return this.app.ctx.files;
  }

  /** Adds a module plugin's hooks to this module's writes and OPTIONS (before the server is ready). */
  addHooks(hooks: ModuleHooks): void {
    this.hooks.push(hooks);
  }

  /** The values as the hooks complete them, checked against the stored data (unique keys, references). */
  private async prepared(tx: Queryable, owner: Owner, values: Record<string, unknown>, exceptId: number | null, request: FastifyRequest) {
    let prepared = values;
    for (const hook of this.hooks) if (hook.beforeWrite) prepared = await hook.beforeWrite(tx, owner, prepared, request);
    return this.checkStored(tx, owner, prepared, exceptId);
  }

  private get db(): Queryable {
    return this.app.ctx.db;
  }

  /**
   * Tenant and permission check of every call; returns whose records the call may touch. A nested
   * module's parent record (and its own parents) must exist under the same owner, otherwise the call
   * is refused as one for a foreign service is; feature flags are resolved last, with the parent.
   */
  async owner(request: FastifyRequest, purpose: 'read' | 'write' = 'read'): Promise<Owner> {
    const user = currentUser(request);
    const { admin } = this.module;
    if (purpose === 'write' && admin.writeRole === 'root' && !user.isRoot) throw httpError(403, 'errors.forbidden');
    const base = await this.baseOwner(request);
    const { owner, parent } = await this.withParent(request, base);
    if (admin.flags.length && !(await flagsHold(this.db, admin.flags, { serviceId: owner.serviceId, parent: parent?.values }))) {
      throw httpError(404, 'errors.not_found');
    }
    if (purpose === 'write' && parent && admin.parent) this.app.schemaModules.get(admin.parent.resource)!.assertUnlocked(parent);
    return owner;
  }

  /** x-admin.lockedBy: a record so marked (an imported news item) is not changed through the API, nor are its nested records. */
  assertUnlocked(record: StoredRecord): void {
    const { lockedBy } = this.module.admin;
    if (lockedBy && record.values[lockedBy] === true) throw httpError(409, 'errors.record_locked');
  }

  /**
   * x-admin.history: the write's difference as a record of the history module, in the write's
   * transaction: who, when, created, updated or deleted, and each changed property's value before
   * and after. The log is nested under the written record, or for a nested module's record under
   * its parent, naming the module (a news item's log tells of its photos).
   */
  private async recordHistory(tx: Queryable, request: FastifyRequest, owner: Owner, before: StoredRecord | null, after: StoredRecord | null): Promise<void> {
    const { history } = this.module.admin;
    const written = after ?? before;
    if (!history || !written) return;
    const log = this.app.schemaModules.get(history)!;
    const own = log.module.admin.parent?.resource === this.module.admin.resource;
    // Its own record's removal takes its log along; only a nested record's removal is told.
    if (own && !after) return;
    const fields = Object.keys(this.module.schema.properties ?? {});
    const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
    const changes = fields
      .filter((field) => !same(before?.values[field], after?.values[field]))
      .map((field) => ({ field, before: before?.values[field] ?? null, after: after?.values[field] ?? null }));
    if (before && after && changes.length === 0) return;
    const { userId } = currentUser(request);
    // The author's name as their account (cached for every request) has it.
    const { profile } = await this.app.accounts.get(userId);
    const user = [profile.name, profile.surname].filter(Boolean).join(' ');
    const action = !before ? 'created' : after ? 'updated' : 'deleted';
    await log.store.insert(
      tx,
      { ...owner, parentId: own ? written.id : owner.parentId },
      { date: new Date().toISOString(), user, user_id: userId, action, changes, ...(own ? {} : { resource: this.module.admin.resource }) },
      {},
    );
  }

  /** The service, user or panel the records belong to, after the service and module permission check. */
  private async baseOwner(request: FastifyRequest): Promise<Owner> {
    const { admin } = this.module;
    if (admin.scope === 'admin') return { serviceId: null, userId: null };
    if (admin.scope === 'user') return { serviceId: null, userId: currentUser(request).userId };
    const access = await requireServiceAccess(this.db, request, (request.params as Params).service_id, admin.module);
    return { serviceId: access.serviceId, userId: null };
  }

  /** The owner narrowed to the parent record the route names, walking up the parents; 403 when any is not there. */
  async withParent(request: FastifyRequest, base: Owner): Promise<{ owner: Owner; parent?: StoredRecord }> {
    const { parent } = this.module.admin;
    if (!parent) return { owner: base };
    const parentRoutes = this.app.schemaModules.get(parent.resource)!;
    const { owner: parentOwner } = await parentRoutes.withParent(request, base);
    const raw = (request.params as Params)[parent.param];
    const id = Number(raw);
    const record =
      Number.isSafeInteger(id) && id >= 1 && id <= parentRoutes.store.maxId && String(id) === raw
        ? await parentRoutes.store.get(this.db, parentOwner, id, 0)
        : null;
    if (!record) throw httpError(403, 'errors.forbidden');
    return { owner: { ...base, parentId: record.id }, parent: record };
  }

  /** The stored objects of the records nested under a record (at any depth): they go with it. */
  async nestedFiles(db: Queryable, owner: Owner, parentId: number): Promise<string[]> {
    const children = new Map(this.fileChildren().map((child) => [child.module.admin.resource, child]));
    if (children.size === 0) return [];
    const { rows } = await db.query<{ id: number; resource: string; data: Record<string, unknown> }>(
      'SELECT id, resource, data FROM module_records WHERE resource = ANY($1::text[]) AND parent_id = $2',
      [[...children.keys()], parentId],
    );
    const childOwner = { ...owner, parentId };
    const found: string[] = [];
    for (const row of rows) {
      const child = children.get(row.resource)!;
      for (const field of Object.keys(child.module.admin.files)) {
        const name = row.data[field];
        if (typeof name === 'string') found.push(...child.keysOf(childOwner, field, name));
      }
      found.push(...(await child.nestedFiles(db, childOwner, Number(row.id))));
    }
    return found;
  }

  /** The modules nested under this one whose records, or records nested under them, hold files (found once, all modules being registered by then). */
  private fileChildren(): ModuleRoutes[] {
    this.fileChildrenFound ??= [...this.app.schemaModules.values()].filter(
      (child) => child.module.admin.parent?.resource === this.module.admin.resource && (Object.keys(child.module.admin.files).length > 0 || child.fileChildren().length > 0),
    );
    return this.fileChildrenFound;
  }

  recordId(raw: unknown): number {
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || id < 1 || id > this.store.maxId || String(id) !== String(raw)) throw httpError(404, 'errors.not_found');
    return id;
  }

  /** Where a stored file lives: a public one in its folder (served by name), a private one under its owner. */
  private fileKey(owner: Owner, field: string, name: string): string {
    const spec = this.module.admin.files[field];
    if (!spec.private) return `${spec.folder}/${name}`;
    const area = owner.serviceId !== null ? `services/${owner.serviceId}` : owner.userId !== null ? `users/${owner.userId}` : 'admin';
    return `${area}/${this.module.admin.resource}/${name}`;
  }

  /** A stored file's keys: the original and each declared thumbnail beside it (none for a name the store did not make). */
  private keysOf(owner: Owner, field: string, name: string): string[] {
    if (!STORED_NAME.test(name)) return [];
    const variants = this.module.admin.files[field].thumbnails.map((thumbnail) => derivativeName(name, thumbnail.name, DERIVATIVE_EXTENSION));
    return [name, ...variants].map((stored) => this.fileKey(owner, field, stored));
  }

  /**
   * Copies the records nested under `from`'s parent record to the parent record `toParentId` (a
   * template's blocks to its copy), in their order, inside the caller's transaction: their values,
   * and their files (with thumbnails) as new objects counted against the service's quota. Returns the
   * keys it wrote, for the caller to delete should its transaction fail.
   */
  async copyNested(tx: Queryable, from: Owner, toParentId: number): Promise<string[]> {
    const to: Owner = { ...from, parentId: toParentId };
    const sort = this.module.admin.ordered ? { field: POSITION, order: 'ASC' as const } : { field: 'id', order: 'ASC' as const };
    const written: string[] = [];
    for (let page = 1; ; page++) {
      const { rows } = await this.store.list(tx, from, { page, perPage: EXPORT_PAGE, sort, filters: [], viewerId: 0 });
      for (const record of rows) {
        const stored: Record<string, string> = {};
        const placements: Placement[] = [];
        for (const [field, name] of Object.entries(record.files)) {
          if (!name || !STORED_NAME.test(name)) continue;
          stored[field] = newStoredName(name.slice(name.lastIndexOf('.') + 1));
          const variants = this.module.admin.files[field].thumbnails.map((thumbnail) => thumbnail.name);
          const pairs = [[name, stored[field]], ...variants.map((variant) => [derivativeName(name, variant, DERIVATIVE_EXTENSION), derivativeName(stored[field], variant, DERIVATIVE_EXTENSION)])];
          for (const [oldName, newName] of pairs) {
            const object = await this.files.open(this.fileKey(from, field, oldName));
            if (!object) continue;
            const temporary = await this.files.putTemporary(object.stream, object.length + 1);
            placements.push({ temporaryKey: temporary.key, key: this.fileKey(to, field, newName), bytes: temporary.bytes });
          }
        }
        await this.store.insert(tx, to, record.values, stored);
        if (to.serviceId !== null) await chargeFiles(tx, to.serviceId, placements);
        for (const placement of placements) {
          await this.files.commit(placement.temporaryKey, placement.key);
          written.push(placement.key);
        }
      }
      if (rows.length < EXPORT_PAGE) return written;
    }
  }

  /** A public file's URI (its random name is the secret), or a private one's short-lived signed URL. */
  private fileUri(owner: Owner, field: string, name: string): string {
    const spec = this.module.admin.files[field];
    return spec.private ? this.files.signedUrl(this.fileKey(owner, field, name)) : spec.uri.replace('{name}', name);
  }

  /** The record as the API returns it: values (write-only ones left out), file URIs and thumbnails, timestamps. */
  output(record: StoredRecord, owner: Owner): Record<string, unknown> {
    const values = Object.fromEntries(Object.entries(record.values).filter(([name]) => !this.writeOnly.includes(name)));
    const uris: Record<string, unknown> = {};
    for (const [field, name] of Object.entries(record.files)) {
      uris[`${field}_uri`] = name && this.fileUri(owner, field, name);
      const { thumbnails } = this.module.admin.files[field];
      if (thumbnails.length) {
        uris[`${field}_thumbnails`] =
          name && Object.fromEntries(thumbnails.map((thumbnail) => [thumbnail.name, this.fileUri(owner, field, derivativeName(name, thumbnail.name, DERIVATIVE_EXTENSION))]));
      }
    }
    return {
      id: record.id,
      ...values,
      ...uris,
      ...(record.is_read === undefined ? {} : { is_read: record.is_read }),
      created_at: record.created_at,
      updated_at: record.updated_at,
    };
  }

  /** The schema's values of a body, checked; write-only values left out keep their stored ones, read-only ones are the stored ones. */
  values(body: unknown, existing: StoredRecord | null): Record<string, unknown> {
    // Text PostgreSQL cannot store never gets here: the storable-text hook and readBody refuse it.
    if (!isPlainObject(body)) throw httpError(400, 'validation.form_invalid');
    const values = pickDeclared(this.module.schema, body);
    // Rich text is stored as the browser may show it; the length limits then check what is stored.
    for (const name of this.richText) if (typeof values[name] === 'string') values[name] = sanitizeHtml(values[name]);
    for (const name of this.readOnly) {
      if (existing?.values[name] === undefined) delete values[name];
      else values[name] = existing.values[name];
    }
    for (const name of this.writeOnly) {
      if ((values[name] === undefined || values[name] === '') && existing?.values[name] !== undefined) values[name] = existing.values[name];
    }
    if (!this.validate(values)) throw validationFailure(this.validate, this.module.schema);
    return values;
  }

  /** A body's values, checked (and rich text sanitised) before its transaction, which holds the embedded database; a refusal drops the received files. */
  private async checkedValues(body: unknown, existing: StoredRecord | null, files: ReceivedFile[]): Promise<Record<string, unknown>> {
    try {
      return this.values(body, existing);
    } catch (error) {
      await discard(this.files, files);
      throw error;
    }
  }

  /**
   * What a write must agree with in the database: its unique keys (409) and its references (400).
   * Resolves to the values with each reference by a field that is unique ignoring case (a tag's
   * name) written as the referenced record spells it: "vip" names the tag "VIP", as the uniqueness
   * that refuses a second "vip" says it does.
   */
  async checkStored(db: Queryable, owner: Owner, values: Record<string, unknown>, exceptId: number | null): Promise<Record<string, unknown>> {
    for (const key of this.module.admin.unique) {
      if (await this.store.conflicts(db, owner, key.fields, key.ignoreCase === true, values, exceptId)) throw httpError(409, key.message);
    }
    const missing: Record<string, string> = {};
    const spelled: Record<string, unknown> = {};
    for (const { field, reference } of this.references) {
      const given = values[field];
      const many = Array.isArray(given);
      const named = (many ? given : given === undefined || given === null ? [] : [given]).map(String);
      if (named.length === 0) continue;
      const ignoreCase = this.referencedIgnoringCase(reference);
      const fold = (value: string) => (ignoreCase ? value.toLowerCase() : value);
      const column = reference.field === 'id' ? 'id::text' : `data->>'${reference.field}'`;
      const wanted = [...new Set(named.map(fold))];
      // The referenced module's records of the same service (or user): never another tenant's.
      const { rows } = await db.query<{ value: string }>(
        `SELECT DISTINCT ${column} AS value FROM module_records
          WHERE resource = $1 AND client_service_id IS NOT DISTINCT FROM $2 AND user_id IS NOT DISTINCT FROM $3 AND ${ignoreCase ? `lower(${column})` : column} = ANY($4::text[])`,
        [reference.resource, owner.serviceId, owner.userId, wanted],
      );
      if (rows.length < wanted.length) missing[field] = 'errors.reference_not_found';
      else if (ignoreCase) {
        const spelling = new Map(rows.map((row) => [fold(row.value), row.value]));
        const written = [...new Set(named.map((value) => spelling.get(fold(value))!))];
        spelled[field] = many ? written : written[0];
      }
    }
    assertValidForm(missing);
    return Object.keys(spelled).length ? { ...values, ...spelled } : values;
  }

  /** Whether the field a reference holds is unique ignoring case in the referenced module. */
  private referencedIgnoringCase(reference: AdminReference): boolean {
    const referenced = this.app.schemaModules.get(reference.resource)?.module.admin;
    return !!referenced?.unique.some((key) => key.ignoreCase === true && key.fields.length === 1 && key.fields[0] === reference.field);
  }

  /**
   * Runs a write in one transaction with its files: the record (under the files' new names), the
   * list version change and the service's quota (files it drops given back, new ones counted and
   * checked) together; the received files are committed to their keys last, just before COMMIT.
   * A write or commit that fails leaves neither a record nor a stored object; the files the write
   * dropped (`dropped` tells which, from its result) are deleted once it committed.
   */
  async transaction<T>(
    owner: Owner,
    files: ReceivedFile[],
    write: (tx: Queryable, stored: Record<string, string>) => Promise<T>,
    dropped: (result: T) => Record<string, string | null> = () => ({}),
  ): Promise<T> {
    const stored = Object.fromEntries(files.map((file) => [file.field, newStoredName(file.extension)]));
    const placements: Placement[] = files.flatMap((file) => {
      const name = stored[file.field];
      const thumbnails = [...file.thumbnails].map(([variant, object]) => ({ object, name: derivativeName(name, variant, DERIVATIVE_EXTENSION) }));
      return [{ object: file.temporary, name }, ...thumbnails].map(({ object, name: storedName }) => ({
        temporaryKey: object.key,
        key: this.fileKey(owner, file.field, storedName),
        bytes: object.bytes,
      }));
    });
    const committed: string[] = [];
    let gone: string[] = [];
    try {
      const result = await this.store.transaction(this.app.ctx.db, async (tx) => {
        let result = await write(tx, stored);
        for (const hook of this.hooks) {
          if (!hook.afterWrite) continue;
          const rewritten = await hook.afterWrite(tx, owner, changeOf(result));
          if (rewritten && isStoredRecord(result)) result = rewritten as Awaited<T>;
        }
        gone = Object.entries(dropped(result)).flatMap(([field, name]) => (name ? this.keysOf(owner, field, name) : []));
        await releaseFiles(tx, gone);
        if (owner.serviceId !== null) await chargeFiles(tx, owner.serviceId, placements);
        for (const placement of placements) {
          await this.files.commit(placement.temporaryKey, placement.key);
          committed.push(placement.key);
        }
        return result;
      });
      await this.deleteObjects(gone);
      return result;
    } catch (error) {
      await this.deleteObjects(committed);
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code === '23505') throw httpError(409, uniqueKeyOfConstraint(this.module, constraint) ?? 'errors.conflict');
      throw error;
    } finally {
      await discard(this.files, files);
    }
  }

  /** Deletes objects whose records are settled; one that cannot be deleted now is left (and logged), the answer stands. */
  private async deleteObjects(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.files.delete(key).catch((error: unknown) => this.app.log.warn({ err: error, key }, 'stored file not deleted'))));
  }

  async create(request: FastifyRequest): Promise<Record<string, unknown>> {
    const owner = await this.owner(request, 'write');
    const { body, files } = await readBody(request, this.module, this.files);
    const checked = await this.checkedValues(body, null, files);
    const created = await this.transaction(owner, files, async (tx, stored) => {
      const values = await this.prepared(tx, owner, checked, null, request);
      const record = await this.store.insert(tx, owner, values, stored);
      await this.recordHistory(tx, request, owner, null, record);
      return record;
    });
    return this.output(created, owner);
  }

  async update(request: FastifyRequest): Promise<Record<string, unknown>> {
    const owner = await this.owner(request, 'write');
    const id = this.recordId((request.params as Params).id);
    const existing = await this.store.get(this.db, owner, id, 0);
    if (!existing) throw httpError(404, 'errors.not_found');
    this.assertUnlocked(existing);
    const { body, files } = await readBody(request, this.module, this.files);
    const checked = await this.checkedValues(body, existing, files);
    const updated = await this.transaction(
      owner,
      files,
      async (tx, stored) => {
        const values = await this.prepared(tx, owner, checked, id, request);
        const record = await this.store.update(tx, owner, id, values, stored);
        if (record) {
          await followRename(this.app, tx, this.module, owner, existing, record);
          await this.recordHistory(tx, request, owner, existing, record);
        }
        return record;
      },
      (result) => replacedFiles(existing, result),
    );
    if (!updated) throw httpError(404, 'errors.not_found');
    return this.output(updated, owner);
  }

  /** Singletons: creates the owner's record or replaces it. */
  async save(request: FastifyRequest): Promise<Record<string, unknown>> {
    const owner = await this.owner(request, 'write');
    const existing = await this.store.first(this.db, owner);
    const { body, files } = await readBody(request, this.module, this.files);
    const checked = await this.checkedValues(body, existing, files);
    const saved = await this.transaction(
      owner,
      files,
      async (tx, stored) => {
        const values = await this.prepared(tx, owner, checked, existing?.id ?? null, request);
        const record = existing ? await this.store.update(tx, owner, existing.id, values, stored) : await this.store.insert(tx, owner, values, stored);
        if (record) await this.recordHistory(tx, request, owner, existing, record);
        return record;
      },
      (result) => replacedFiles(existing, result),
    );
    if (!saved) throw httpError(409, 'errors.conflict');
    return this.output(saved, owner);
  }

  /**
   * An engine-served action (handler 'update', e.g. PUT .../{id}/publish {published}): the body is
   * checked against the action's schema, its fields are set on the record, and the whole record is
   * checked again as a save would.
   */
  async runUpdateAction(request: FastifyRequest, action: AdminAction, validateBody: RecordValidator): Promise<Record<string, unknown>> {
    const owner = await this.owner(request, 'write');
    const id = this.recordId((request.params as Params).id);
    const body = request.body ?? {};
    if (!isPlainObject(body)) throw httpError(400, 'validation.form_invalid');
    const changes = pickDeclared(action.body!, body);
    if (!validateBody(changes)) throw validationFailure(validateBody, action.body!);
    const existing = await this.store.get(this.db, owner, id, 0);
    if (!existing) throw httpError(404, 'errors.not_found');
    this.assertUnlocked(existing);
    const values = { ...existing.values, ...changes };
    if (!this.validate(values)) throw validationFailure(this.validate, this.module.schema);
    const updated = await this.transaction(owner, [], async (tx) => {
      const record = await this.store.update(tx, owner, id, await this.prepared(tx, owner, values, id, request), {});
      if (record) await this.recordHistory(tx, request, owner, existing, record);
      return record;
    });
    if (!updated) throw httpError(404, 'errors.not_found');
    return this.output(updated, owner);
  }

  /** Ordered modules: PUT {collection}/order {ids}; 400 unless every id is one of the owner's records. */
  async reorder(request: FastifyRequest): Promise<void> {
    const owner = await this.owner(request, 'write');
    const { ids } = request.body as { ids: number[] };
    const placed = await this.transaction(owner, [], (tx) => this.store.reorder(tx, owner, ids));
    if (!placed) throw httpError(400, 'errors.order_invalid');
  }

  /** Files of a removed or changed record go once its change committed. */
  async remove(request: FastifyRequest): Promise<void> {
    const owner = await this.owner(request, 'write');
    const id = this.recordId((request.params as Params).id);
    const removal = await this.transaction(
      owner,
      [],
      async (tx) => {
        const current = await this.store.get(tx, owner, id, 0);
        if (current) this.assertUnlocked(current);
        // Children go with the record (ON DELETE CASCADE): their files are given back and deleted too.
        const nested = await this.nestedFiles(tx, owner, id);
        const record = await this.store.remove(tx, owner, id);
        if (record) await this.recordHistory(tx, request, owner, record, null);
        if (record) await releaseFiles(tx, nested);
        if (record) await followRemoval(this.app, tx, this.module, owner, record);
        return record && { record, nested };
      },
      (result) => result?.record.files ?? {},
    );
    if (!removal) throw httpError(404, 'errors.not_found');
    await this.deleteObjects(removal.nested);
  }

  async removeFile(request: FastifyRequest, field: string): Promise<void> {
    const owner = await this.owner(request, 'write');
    const id = this.recordId((request.params as Params).id);
    const existing = await this.store.get(this.db, owner, id, 0);
    if (!existing) throw httpError(404, 'errors.not_found');
    this.assertUnlocked(existing);
    await this.transaction(
      owner,
      [],
      (tx) => this.store.update(tx, owner, id, existing.values, { [field]: null }),
      (result) => (result ? { [field]: existing.files[field] } : {}),
    );
  }

  /** The list answer as JSON text; a page the store serves from its cache is serialised once. */
  async list(request: FastifyRequest): Promise<string> {
    const owner = await this.owner(request);
    const query = parseListQuery(request.query, this.module.admin, currentUser(request).userId);
    const flags = query.filters.flatMap(({ filter }) => filter.flags ?? []);
    if (flags.length && !(await flagsHold(this.db, flags, { serviceId: owner.serviceId }))) throw httpError(404, 'errors.not_found');
    const page = await this.store.list(this.db, owner, query);
    let body = this.serialisedPages.get(page);
    if (body === undefined) {
      body = JSON.stringify({ data: page.rows.map((row) => this.output(row, owner)), pagination: { total: page.total } });
      if (!this.hasPrivateFiles) this.serialisedPages.set(page, body);
    }
    return body;
  }

  /**
   * GET {collection}/export (list.export): every record the list shows with these parameters
   * (search, filters, sort), in its order, as CSV: the id, each property but secrets, the dates.
   */
  async exportCsv(request: FastifyRequest): Promise<string> {
    const owner = await this.owner(request);
    const query = { ...parseListQuery(request.query, this.module.admin, currentUser(request).userId), perPage: EXPORT_PAGE };
    const properties = Object.entries(this.module.schema.properties ?? {}).filter(([name]) => !this.writeOnly.includes(name));
    const header = ['id', ...properties.map(([name, property]) => (typeof property.title === 'string' ? t(property.title) : name)), t('app.schema.created_at'), t('app.schema.updated_at')];
    const lines = [CSV_BOM + csvLine(header)];
    for (let page = 1; ; page += 1) {
      const { rows } = await this.store.list(this.db, owner, { ...query, page });
      for (const row of rows) lines.push(csvLine([row.id, ...properties.map(([name]) => row.values[name]), row.created_at, row.updated_at]));
      if (rows.length < EXPORT_PAGE) break;
    }
    return lines.join('');
  }

  async read(request: FastifyRequest) {
    const owner = await this.owner(request);
    const id = this.recordId((request.params as Params).id);
    const viewerId = currentUser(request).userId;
    const record = await this.store.get(this.db, owner, id, viewerId);
    if (!record) throw httpError(404, 'errors.not_found');
    if (record.is_read === false) {
      await this.store.markRead(this.db, id, viewerId);
      record.is_read = true;
    }
    return this.output(record, owner);
  }

  async readSingleton(request: FastifyRequest) {
    const owner = await this.owner(request);
    const record = await this.store.first(this.db, owner);
    return record ? this.output(record, owner) : {};
  }

  async dictionary(request: FastifyRequest) {
    const owner = await this.owner(request);
    const label = this.module.admin.list.label;
    const query = parseListQuery({ sort: label, order: 'ASC' }, this.module.admin, currentUser(request).userId);
    const { rows } = await this.store.list(this.db, owner, { ...query, perPage: 1000 });
    return { data: rows.map((row) => ({ id: row.id, name: row.values[label] ?? row.id })) };
  }

  register(): void {
    const { admin, schema } = this.module;
    const app = this.app;
    const preHandler = admin.scope === 'admin' ? app.requireRoot : app.authenticate;
    const collection = toRoutePattern(admin.api.path);
    const upload = toRoutePattern(admin.api.upload);
    const writePaths = [...new Set([collection, upload])];

    app.options(collection, { preHandler }, async (request) => {
      const owner = await this.owner(request);
      let answer: Record<string, unknown> = { schema };
      for (const hook of this.hooks) if (hook.options) answer = { ...answer, ...(await hook.options(request, owner)) };
      return answer;
    });

    if (admin.singleton) {
      app.get(toRoutePattern(admin.api.read ?? admin.api.path), { preHandler }, (request) => this.readSingleton(request));
      for (const path of writePaths) {
        app.post(path, { preHandler }, (request) => this.save(request));
        app.put(path, { preHandler }, (request) => this.save(request));
      }
      return;
    }

    const item = toRoutePattern(itemPattern(admin.api.path));
    app.get(collection, { preHandler }, async (request, reply) => reply.type('application/json; charset=utf-8').send(await this.list(request)));
    app.get(`${collection}/dictionary`, { preHandler }, (request) => this.dictionary(request));
    if (admin.list.export) {
      app.get(`${collection}/export`, { preHandler }, async (request, reply) =>
        reply.headers(csvDownloadHeaders(`${admin.resource}.csv`)).send(await this.exportCsv(request)),
      );
    }
    app.get(item, { preHandler }, (request) => this.read(request));
    if (!admin.writable) return;
    for (const path of writePaths) {
      app.post(path, { preHandler }, async (request, reply) => reply.status(201).send(await this.create(request)));
      app.put(`${path}/:id`, { preHandler }, (request) => this.update(request));
    }
    app.delete(item, { preHandler }, async (request, reply) => {
      await this.remove(request);
      return reply.status(204).send();
    });
    if (admin.ordered) {
      const body = { type: 'object', required: ['ids'], additionalProperties: false, properties: { ids: ORDER_IDS } };
      app.put(`${collection}/order`, { preHandler, schema: { body } }, async (request, reply) => {
        await this.reorder(request);
        return reply.status(204).send();
      });
    }
    for (const action of admin.actions.filter((candidate) => candidate.handler === 'update')) {
      const validateBody = this.ajv.compile(action.body!);
      app.route({
        method: action.method,
        url: `${item}/${action.path}`,
        preHandler,
        handler: (request) => this.runUpdateAction(request, action, validateBody),
      });
    }
    for (const [field, spec] of Object.entries(admin.files)) {
      app.delete(`${item}/${spec.deletePath}`, { preHandler }, async (request, reply) => {
        await this.removeFile(request, field);
        return reply.status(204).send();
      });
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every loaded schema module's routes by resource (decorated by the schema-modules plugin). */
    schemaModules: Map<string, ModuleRoutes>;
  }
}

/** The files a write replaced: the earlier record's ones whose field now names another file. */
function replacedFiles(before: StoredRecord | null, after: StoredRecord | null): Record<string, string | null> {
  if (!before || !after) return {};
  return Object.fromEntries(Object.entries(before.files).filter(([field, name]) => after.files[field] !== name));
}

/** A loaded module's routes; undefined when SCHEMAS_DIR has no such schema (a module's own code then adds nothing). */
export function moduleRoutes(app: FastifyInstance, resource: string): ModuleRoutes | undefined {
  return app.schemaModules.get(resource);
}

/**
 * Every schema file in SCHEMAS_DIR becomes a validated, permission-checked API with storage. The
 * modules' routes are decorated on the app as `schemaModules`, for module plugins that extend a
 * module (their dependency: 'schema-modules').
 */
export const schemaModulesPlugin = fp(async (app: FastifyInstance) => {
  const registry = serverRegistry(app.ctx.config);
  await migrateModules(
    app.ctx.db,
    app.ctx.config.schemasDir,
    registry.modules.map((module) => ({ source: module.source, migration: module.admin.storage?.migration })),
  );
  await ensureIndexes(app.ctx.db, registry, (problem) => app.log.warn(problem));
  await placeMenuEntries(app.ctx.db, registry.modules, (problem) => app.log.warn(problem));
  // DEFAULT_UPLOAD_URI's files; a module with a folder of its own serves it (content photos).
  servePublicFiles(app, '/uploads', DEFAULT_UPLOAD_FOLDER);
  const ajv = createAjv();
  const routes = new Map<string, ModuleRoutes>();
  app.decorate('schemaModules', routes);
  app.decorate('documentedOperations', []);
  for (const module of registry.modules) routes.set(module.admin.resource, new ModuleRoutes(app, module, ajv));
  for (const moduleRoutes of routes.values()) if (moduleRoutes.module.admin.crud) moduleRoutes.register();
}, { name: 'schema-modules' });
