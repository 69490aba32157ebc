import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest, FastifySchema, HTTPMethods, RouteHandlerMethod } from 'fastify';
import {
  createAjv,
  describeErrors,
  itemPattern,
  pickDeclared,
  toRoutePattern,
  translateErrors,
  type JsonSchema,
  type ModuleSchema,
  type RecordValidator,
} from '../../common/schema';
import { richTextFields } from '../../common/schema/widgets';
import { currentUser } from '../platform/auth/plugin';
import { requireServiceAccess } from '../platform/auth/service-access';
import type { Queryable } from '../platform/db';
import { chargeFiles, releaseFiles } from '../platform/files/quota';
import { newStoredName } from '../platform/files/store';
import type { Operation } from '../platform/http/api-routes';
import { HttpError, httpError, t } from '../platform/http/errors';
import { sanitizeHtml } from '../platform/sanitizing/html';
import { fileKey, fileUri, keysOf, thumbnailName } from './file-keys';
import { flagsHold } from './flags';
import { uniqueKeyOfConstraint } from './indexes';
import { recordStore, type Owner, type RecordStore, type StoredRecord } from './storage';
import { discard, type ReceivedFile } from './uploads';

export type Params = Record<string, string>;
/** Records a long walk (an export, a copy) reads at a time. */
export const RECORDS_AT_A_TIME = 1000;

/** A received file's objects (the original, its thumbnails) on their way to their final keys. */
export interface Placement {
  temporaryKey: string;
  key: string;
  bytes: number;
}

/** The record a write created, updated or (removed: true) deleted. */
export interface WriteChange {
  record: StoredRecord;
  removed: boolean;
  /** The content of the record's file in a field: the one this write received (not committed yet), else the stored one; null without one. */
  openFile(field: string): Promise<Readable | null>;
}

const isStoredRecord = (value: unknown): value is StoredRecord =>
  typeof value === 'object' && value !== null && 'id' in value && 'values' in value && 'files' in value;

/** What a write's result names: a created or updated record, or a removal's {record, nested}. */
function changeOf(result: unknown, openFile: (record: StoredRecord, field: string) => Promise<Readable | null>): WriteChange | null {
  const removed = typeof result === 'object' && result !== null && 'record' in result ? result.record : undefined;
  const record = isStoredRecord(result) ? result : isStoredRecord(removed) ? removed : null;
  return record && { record, removed: record === removed, openFile: (field) => openFile(record, field) };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The files a write replaced: the earlier record's ones whose field now names another file. */
export function replacedFiles(before: StoredRecord | null, after: StoredRecord | null): Record<string, string | null> {
  if (!before || !after) return {};
  return Object.fromEntries(Object.entries(before.files).filter(([field, name]) => after.files[field] !== name));
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
   * updated or removed (null for a reorder or a bulk write). A hook that rewrites a created or updated record
   * returns it as stored, and the call answers with it. Throwing rolls the write back.
   */
  afterWrite?(tx: Queryable, owner: Owner, change: WriteChange | null): Promise<StoredRecord | void>;
  /** A singleton's proposed values before its first save (the WCAG statement drafted from the latest analysis); the record is still unsaved (no id). */
  draft?(request: FastifyRequest, owner: Owner): Promise<Record<string, unknown>>;
}

/** Where a capability puts a module's routes: its paths, and a route registration that carries the OpenAPI description. */
export interface RouteSite {
  /** The collection's Fastify pattern (`/client_service/:service_id/module/tags`). */
  collection: string;
  /** One record's pattern (`<collection>/:id`). */
  item: string;
  /** Where records are created and saved: the collection, and api.upload when it differs. */
  writePaths: string[];
  /** Registers a route of the module, access-checked, described in OpenAPI by `openapi` (tagged with the module's title). */
  route(method: HTTPMethods, url: string, openapi: Operation, handler: RouteHandlerMethod, schema?: FastifySchema): void;
}

/** A write the engine stored, in its transaction: the record before (null: created) and after (null: removed). */
export interface StoredWrite {
  request: FastifyRequest;
  owner: Owner;
  before: StoredRecord | null;
  after: StoredRecord | null;
}

/**
 * One capability of the engine, as an x-admin key turns it on (files, actions, ordered, list.export,
 * references, history, lockedBy, unique...): the routes it serves with their OpenAPI, and its part
 * in every write. Each is a file of capabilities/, listed in capabilities/index.ts.
 */
export interface Capability {
  /** Registers the module's routes of this capability (nothing when the module does not use it). */
  routes?(module: ModuleRoutes, site: RouteSite): void;
  /** Refuses (throwing an HttpError) any change of a record, or of the records nested under it. */
  guard?(module: ModuleRoutes, record: StoredRecord): void;
  /** Checks a write's values against the stored data and completes them, before they are stored. */
  check?(db: Queryable, module: ModuleRoutes, owner: Owner, values: Record<string, unknown>, exceptId: number | null): Promise<Record<string, unknown>>;
  /** Follows a stored write in its transaction. */
  stored?(tx: Queryable, module: ModuleRoutes, write: StoredWrite): Promise<void>;
}

/**
 * One schema module of the engine and what every call of it shares: who may touch which records
 * (owner), the values a body gives, a write's transaction with its files, and the record as
 * answered. The calls themselves are the capabilities' (capabilities/), each registering its routes.
 */
export class ModuleRoutes {
  private readonly hooks: ModuleHooks[] = [];
  private records: RecordStore;
  readonly validate: RecordValidator;
  /** Secrets (passwords, API keys): never answered; a save without them keeps the stored ones. */
  readonly writeOnly: string[];
  /** Properties only the server sets (a mailing's status, a recipient's unsubscribed_at, an imported item's source): shown, never taken from a body; a save keeps the stored values. */
  private readonly readOnly: string[];
  /** The rich text properties, sanitised before every save. */
  private readonly richText: string[];

  constructor(
    readonly app: FastifyInstance,
    readonly module: ModuleSchema,
    readonly ajv: ReturnType<typeof createAjv>,
    private readonly capabilities: readonly Capability[],
  ) {
    this.records = recordStore(module, { sharedDatabase: app.ctx.db.kind === 'postgres', listCache: app.ctx.config.listCache });
    // Each app compiles its own copy, so several apps (tests) can share one process.
    const { $id: _id, ...schema } = module.schema;
    this.validate = ajv.compile(schema);
    const properties = Object.entries(module.schema.properties ?? {});
    this.writeOnly = properties.filter(([, property]) => property.writeOnly === true).map(([name]) => name);
    this.readOnly = properties.filter(([, property]) => property.readOnly === true).map(([name]) => name);
    this.richText = richTextFields(module.schema);
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

  get files() {
    return this.app.ctx.files;
  }

  get db(): Queryable {
    return this.app.ctx.db;
  }

  /** Adds a module plugin's hooks to this module's writes and OPTIONS (before the server is ready). */
  addHooks(hooks: ModuleHooks): void {
    this.hooks.push(hooks);
  }

  /** OPTIONS's answer: the schema, and what the module plugins' hooks add. */
  async optionsAnswer(request: FastifyRequest, owner: Owner): Promise<Record<string, unknown>> {
    let answer: Record<string, unknown> = { schema: this.module.schema };
    for (const hook of this.hooks) if (hook.options) answer = { ...answer, ...(await hook.options(request, owner)) };
    return answer;
  }

  /** A singleton's answer before its first save: what the hooks propose, else nothing. */
  async draftAnswer(request: FastifyRequest, owner: Owner): Promise<Record<string, unknown>> {
    let draft: Record<string, unknown> = {};
    for (const hook of this.hooks) if (hook.draft) draft = { ...draft, ...(await hook.draft(request, owner)) };
    return draft;
  }

  /** The values as the hooks complete them, checked against the stored data (unique keys, references). */
  async prepared(tx: Queryable, owner: Owner, values: Record<string, unknown>, exceptId: number | null, request: FastifyRequest) {
    let prepared = values;
    for (const hook of this.hooks) if (hook.beforeWrite) prepared = await hook.beforeWrite(tx, owner, prepared, request);
    return this.checkStored(tx, owner, prepared, exceptId);
  }

  /** What a write must agree with in the database (unique keys: 409, references: 400), as each capability checks and completes it. */
  async checkStored(db: Queryable, owner: Owner, values: Record<string, unknown>, exceptId: number | null): Promise<Record<string, unknown>> {
    let checked = values;
    for (const capability of this.capabilities) if (capability.check) checked = await capability.check(db, this, owner, checked, exceptId);
    return checked;
  }

  /** Refuses any change of a record its capabilities keep as it is (a locked one). */
  guard(record: StoredRecord): void {
    for (const capability of this.capabilities) capability.guard?.(this, record);
  }

  /** Follows a stored write in its transaction, as each capability does (history, references). */
  async followWrite(tx: Queryable, write: StoredWrite): Promise<void> {
    for (const capability of this.capabilities) if (capability.stored) await capability.stored(tx, this, write);
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
    if (purpose === 'write' && parent && admin.parent) this.app.schemaModules.get(admin.parent.resource)!.guard(parent);
    return owner;
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

  recordId(raw: unknown): number {
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || id < 1 || id > this.store.maxId || String(id) !== String(raw)) throw httpError(404, 'errors.not_found');
    return id;
  }

  /** The record as the API returns it: values (write-only ones left out), file URIs and thumbnails, timestamps. */
  output(record: StoredRecord, owner: Owner): Record<string, unknown> {
    const values = Object.fromEntries(Object.entries(record.values).filter(([name]) => !this.writeOnly.includes(name)));
    const uris: Record<string, unknown> = {};
    for (const [field, name] of Object.entries(record.files)) {
      const uri = (stored: string) => fileUri(this.module, this.files, owner, field, stored);
      uris[`${field}_uri`] = name && uri(name);
      const { thumbnails } = this.module.admin.files[field];
      if (thumbnails.length) uris[`${field}_thumbnails`] = name && Object.fromEntries(thumbnails.map((thumbnail) => [thumbnail.name, uri(thumbnailName(name, thumbnail.name))]));
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
  async checkedValues(body: unknown, existing: StoredRecord | null, files: ReceivedFile[]): Promise<Record<string, unknown>> {
    try {
      return this.values(body, existing);
    } catch (error) {
      await discard(this.files, files);
      throw error;
    }
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
      const thumbnails = [...file.thumbnails].map(([variant, object]) => ({ object, name: thumbnailName(name, variant) }));
      return [{ object: file.temporary, name }, ...thumbnails].map(({ object, name: storedName }) => ({
        temporaryKey: object.key,
        key: fileKey(this.module, owner, file.field, storedName),
        bytes: object.bytes,
      }));
    });
    const committed: string[] = [];
    let gone: string[] = [];
    const openFile = async (record: StoredRecord, field: string) => {
      const name = record.files[field];
      if (!name) return null;
      const received = name === stored[field] ? files.find((file) => file.field === field) : undefined;
      return (await this.files.open(received ? received.temporary.key : fileKey(this.module, owner, field, name)))?.stream ?? null;
    };
    try {
      const result = await this.store.transaction(this.app.ctx.db, async (tx) => {
        let result = await write(tx, stored);
        for (const hook of this.hooks) {
          if (!hook.afterWrite) continue;
          const rewritten = await hook.afterWrite(tx, owner, changeOf(result, openFile));
          if (rewritten && isStoredRecord(result)) result = rewritten as Awaited<T>;
        }
        gone = Object.entries(dropped(result)).flatMap(([field, name]) => (name ? keysOf(this.module, owner, field, name) : []));
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
  async deleteObjects(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.files.delete(key).catch((error: unknown) => this.app.log.warn({ err: error, key }, 'stored file not deleted'))));
  }

  /** Registers the module's routes: each capability its own, access-checked and described in OpenAPI. */
  register(): void {
    const { admin } = this.module;
    const app = this.app;
    const preHandler = admin.scope === 'admin' ? app.requireRoot : app.authenticate;
    const collection = toRoutePattern(admin.api.path);
    const tags = [t(admin.title)];
    const site: RouteSite = {
      collection,
      item: toRoutePattern(itemPattern(admin.api.path)),
      writePaths: [...new Set([collection, toRoutePattern(admin.api.upload)])],
      route: (method, url, openapi, handler, schema) => app.route({ method, url, preHandler, handler, ...(schema ? { schema } : {}), config: { openapi: { tags, ...openapi } } }),
    };
    for (const capability of this.capabilities) capability.routes?.(this, site);
  }
}
