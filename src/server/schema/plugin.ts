import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
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
import { currentUser } from '../auth/plugin';
import { sanitizeHtml } from '../content/sanitize';
import type { Queryable } from '../db';
import { HttpError, httpError, t } from '../http/errors';
import { requireServiceAccess } from '../services/access';
import { flagsHold } from './flags';
import { uniqueKeyOfConstraint, ensureIndexes } from './indexes';
import { parseListQuery } from './list-query';
import { serverRegistry } from './settings';
import { recordStore, type Owner, type RecordStore, type StoredRecord } from './storage';
import { deleteStoredFile, discard, readBody, serveUploads, storeFile, uploadUri, type ReceivedFile } from './uploads';

type Params = Record<string, string>;

/** Refuses input PostgreSQL cannot store (NUL in text or JSONB); iterative, so deep nesting cannot overflow. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The 400 every invalid body gets: the SPEC 8 detail and one Polish message per field. */
export function validationFailure(validate: RecordValidator, schema: JsonSchema): HttpError {
  return new HttpError(400, t('validation.form_invalid'), translateErrors(describeErrors(validate.errors, schema), t));
}

/** The routes one schema file gives: list, read, create, update, delete, files, dictionary, options. */
export class ModuleRoutes {
  readonly store: RecordStore;
  private readonly validate: RecordValidator;
  private readonly writeOnly: string[];
  private readonly serialisedPages = new WeakMap<object, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly module: ModuleSchema,
    ajv: ReturnType<typeof createAjv>,
  ) {
    this.store = recordStore(module, { sharedDatabase: app.ctx.db.kind === 'postgres' });
    // Each app compiles its own copy, so several apps (tests) can share one process.
    const { $id: _id, ...schema } = module.schema;
    this.validate = ajv.compile(schema);
    this.writeOnly = Object.entries(module.schema.properties ?? {})
      .filter(([, property]) => property.writeOnly === true)
      .map(([name]) => name);
  }

  private get db(): Queryable {
    return this.app.ctx.db;
  }

  /** Tenant and permission check of every call; returns whose records the call may touch. */
  async owner(request: FastifyRequest, purpose: 'read' | 'write' = 'read'): Promise<Owner> {
    const user = currentUser(request);
    const { admin } = this.module;
    if (purpose === 'write' && admin.writeRole === 'root' && !user.isRoot) throw httpError(403, 'errors.forbidden');
    if (admin.scope === 'admin') return { serviceId: null, userId: null };
    if (admin.scope === 'user') return { serviceId: null, userId: user.userId };
    const access = await requireServiceAccess(this.db, request, (request.params as Params).service_id, admin.module);
    if (admin.flags.length && !(await flagsHold(this.db, admin.flags, { serviceId: access.serviceId }))) throw httpError(404, 'errors.not_found');
    return { serviceId: access.serviceId, userId: null };
  }

  recordId(raw: unknown): number {
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || id < 1 || id > this.store.maxId || String(id) !== String(raw)) throw httpError(404, 'errors.not_found');
    return id;
  }

  /** The record as the API returns it: values (write-only ones left out), file URIs, timestamps. */
  output(record: StoredRecord): Record<string, unknown> {
    const values = Object.fromEntries(Object.entries(record.values).filter(([name]) => !this.writeOnly.includes(name)));
    const files = this.module.admin.files;
    const uris = Object.fromEntries(Object.entries(record.files).map(([field, name]) => [`${field}_uri`, uploadUri(files[field], name)]));
    return {
      id: record.id,
      ...values,
      ...uris,
      ...(record.is_read === undefined ? {} : { is_read: record.is_read }),
      created_at: record.created_at,
      updated_at: record.updated_at,
    };
  }

  /** The schema's values of a body, checked; write-only values left out keep their stored ones. */
  values(body: unknown, existing: StoredRecord | null): Record<string, unknown> {
    if (!isPlainObject(body)) throw httpError(400, 'validation.form_invalid');
    if (containsNul(body)) throw httpError(400, 'errors.invalid_request');
    const values = pickDeclared(this.module.schema, body);
    // Rich text is stored as the browser may show it; the length limits then check what is stored.
    for (const name of richTextFields(this.module.schema)) if (typeof values[name] === 'string') values[name] = sanitizeHtml(values[name]);
    for (const name of this.writeOnly) {
      if ((values[name] === undefined || values[name] === '') && existing?.values[name] !== undefined) values[name] = existing.values[name];
    }
    if (!this.validate(values)) throw validationFailure(this.validate, this.module.schema);
    return values;
  }

  async checkUnique(owner: Owner, values: Record<string, unknown>, exceptId: number | null): Promise<void> {
    for (const key of this.module.admin.unique) {
      if (await this.store.conflicts(this.db, owner, key.fields, key.ignoreCase === true, values, exceptId)) throw httpError(409, key.message);
    }
  }

  /** Moves received files into place, runs the write, and cleans up whatever the write leaves behind. */
  async withFiles<T>(files: ReceivedFile[], write: (stored: Record<string, string>) => Promise<T>): Promise<T> {
    const stored: Record<string, string> = {};
    try {
      for (const file of files) stored[file.field] = await storeFile(file, this.app.ctx.config.dataDir);
      return await write(stored);
    } catch (error) {
      await Promise.all(Object.entries(stored).map(([field, name]) => this.deleteFile(field, name)));
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code === '23505') throw httpError(409, uniqueKeyOfConstraint(this.module, constraint) ?? 'errors.conflict');
      throw error;
    } finally {
      await discard(files);
    }
  }

  deleteFile(field: string, name: string | null): Promise<void> {
    return deleteStoredFile(name, this.app.ctx.config.dataDir, this.module.admin.files[field]);
  }

  async deleteReplaced(before: StoredRecord, after: Record<string, string | null>): Promise<void> {
    for (const [field, name] of Object.entries(before.files)) {
      if (field in after && after[field] !== name) await this.deleteFile(field, name);
    }
  }

  async create(request: FastifyRequest): Promise<Record<string, unknown>> {
    const owner = await this.owner(request, 'write');
    const { body, files } = await readBody(request, this.module, this.app.ctx.config.dataDir);
    return this.withFiles(files, async (stored) => {
      const values = this.values(body, null);
      await this.checkUnique(owner, values, null);
      return this.output(await this.store.insert(this.db, owner, values, stored));
    });
  }

  async update(request: FastifyRequest): Promise<Record<string, unknown>> {
    const owner = await this.owner(request, 'write');
    const id = this.recordId((request.params as Params).id);
    const existing = await this.store.get(this.db, owner, id, 0);
    if (!existing) throw httpError(404, 'errors.not_found');
    const { body, files } = await readBody(request, this.module, this.app.ctx.config.dataDir);
    const updated = await this.withFiles(files, async (stored) => {
      const values = this.values(body, existing);
      await this.checkUnique(owner, values, id);
      return this.store.update(this.db, owner, id, values, stored);
    });
    if (!updated) throw httpError(404, 'errors.not_found');
    await this.deleteReplaced(existing, updated.files);
    return this.output(updated);
  }

  /** Singletons: creates the owner's record or replaces it. */
  async save(request: FastifyRequest): Promise<Record<string, unknown>> {
    const owner = await this.owner(request, 'write');
    const existing = await this.store.first(this.db, owner);
    const { body, files } = await readBody(request, this.module, this.app.ctx.config.dataDir);
    const saved = await this.withFiles(files, async (stored) => {
      const values = this.values(body, existing);
      return existing ? this.store.update(this.db, owner, existing.id, values, stored) : this.store.insert(this.db, owner, values, stored);
    });
    if (!saved) throw httpError(409, 'errors.conflict');
    if (existing) await this.deleteReplaced(existing, saved.files);
    return this.output(saved);
  }

  async remove(request: FastifyRequest): Promise<void> {
    const owner = await this.owner(request, 'write');
    const removed = await this.store.remove(this.db, owner, this.recordId((request.params as Params).id));
    if (!removed) throw httpError(404, 'errors.not_found');
    for (const [field, name] of Object.entries(removed.files)) await this.deleteFile(field, name);
  }

  async removeFile(request: FastifyRequest, field: string): Promise<void> {
    const owner = await this.owner(request, 'write');
    const id = this.recordId((request.params as Params).id);
    const existing = await this.store.get(this.db, owner, id, 0);
    if (!existing) throw httpError(404, 'errors.not_found');
    await this.store.update(this.db, owner, id, existing.values, { [field]: null });
    await this.deleteFile(field, existing.files[field]);
  }

  /** The list answer as JSON text; a page the store serves from its cache is serialised once. */
  async list(request: FastifyRequest): Promise<string> {
    const owner = await this.owner(request);
    const query = parseListQuery(request.query, this.module.admin, currentUser(request).userId);
    const page = await this.store.list(this.db, owner, query);
    let body = this.serialisedPages.get(page);
    if (body === undefined) {
      body = JSON.stringify({ data: page.rows.map((row) => this.output(row)), pagination: { total: page.total } });
      this.serialisedPages.set(page, body);
    }
    return body;
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
    return this.output(record);
  }

  async readSingleton(request: FastifyRequest) {
    const record = await this.store.first(this.db, await this.owner(request));
    return record ? this.output(record) : {};
  }

  async dictionary(request: FastifyRequest) {
    const owner = await this.owner(request);
    const label = this.module.admin.list.label;
    const query = parseListQuery({ per_page: '1000', sort: label, order: 'ASC' }, this.module.admin, currentUser(request).userId);
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
      await this.owner(request);
      return { schema };
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
    app.get(item, { preHandler }, (request) => this.read(request));
    for (const path of writePaths) {
      app.post(path, { preHandler }, async (request, reply) => reply.status(201).send(await this.create(request)));
      app.put(`${path}/:id`, { preHandler }, (request) => this.update(request));
    }
    app.delete(item, { preHandler }, async (request, reply) => {
      await this.remove(request);
      return reply.status(204).send();
    });
    for (const [field, spec] of Object.entries(admin.files)) {
      app.delete(`${item}/${spec.deletePath}`, { preHandler }, async (request, reply) => {
        await this.removeFile(request, field);
        return reply.status(204).send();
      });
    }
  }
}

/** Per app: the module routes by resource, for the fixed-path adapters that extend a module. */
const routesByApp = new WeakMap<FastifyInstance['ctx'], Map<string, ModuleRoutes>>();

/** A loaded module's routes; undefined when SCHEMAS_DIR has no such schema (its adapter then adds nothing). */
export function moduleRoutes(app: FastifyInstance, resource: string): ModuleRoutes | undefined {
  return routesByApp.get(app.ctx)?.get(resource);
}

/** Every schema file in SCHEMAS_DIR becomes a validated, permission-checked API with storage. */
export const schemaModulesPlugin: FastifyPluginAsync = async (app) => {
  const registry = serverRegistry(app.ctx.config);
  await ensureIndexes(app.ctx.db, registry, (problem) => app.log.warn(problem));
  serveUploads(app);
  const ajv = createAjv();
  const routes = new Map<string, ModuleRoutes>();
  for (const module of registry.modules) {
    const moduleRoutes = new ModuleRoutes(app, module, ajv);
    routes.set(module.admin.resource, moduleRoutes);
    if (module.admin.crud) moduleRoutes.register();
  }
  routesByApp.set(app.ctx, routes);
};
