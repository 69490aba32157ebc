import type { AdminFilter, ModuleSchema } from '../../common/schema';
import type { Queryable } from '../db';

/** Who owns a module's records: a service (service scope), a user (user scope) or nobody (admin). */
export interface Owner {
  serviceId: number | null;
  userId: number | null;
}

/** A record as the stores hand it over: schema values and stored file names kept apart. */
export interface StoredRecord {
  id: number;
  values: Record<string, unknown>;
  files: Record<string, string | null>;
  created_at: unknown;
  updated_at: unknown;
  is_read?: boolean;
}

export interface ListQuery {
  page: number;
  perPage: number;
  sort: { field: string; order: 'ASC' | 'DESC' };
  search?: string;
  filters: { filter: AdminFilter; value: string }[];
  /** The user whose read state is reported (stores with reads). */
  viewerId: number;
}

export interface RecordStore {
  /** Largest id the store's id column holds; larger route ids are simply not found. */
  readonly maxId: number;
  list(db: Queryable, owner: Owner, query: ListQuery): Promise<{ rows: StoredRecord[]; total: number }>;
  get(db: Queryable, owner: Owner, id: number, viewerId: number): Promise<StoredRecord | null>;
  /** The owner's one record of a singleton module. */
  first(db: Queryable, owner: Owner): Promise<StoredRecord | null>;
  insert(db: Queryable, owner: Owner, values: Record<string, unknown>, files: Record<string, string | null>): Promise<StoredRecord>;
  /** Replaces the values; file fields present in `files` are set, the others kept. */
  update(db: Queryable, owner: Owner, id: number, values: Record<string, unknown>, files: Record<string, string | null>): Promise<StoredRecord | null>;
  remove(db: Queryable, owner: Owner, id: number): Promise<StoredRecord | null>;
  /** Whether another record of the owner has the same values in these fields. */
  conflicts(db: Queryable, owner: Owner, fields: string[], ignoreCase: boolean, values: Record<string, unknown>, exceptId: number | null): Promise<boolean>;
  markRead(db: Queryable, id: number, userId: number): Promise<void>;
}

const LIKE_SPECIALS = /[\\%_]/g;

function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(LIKE_SPECIALS, (c) => `\\${c}`)}%`;
}

/** The rows of one owner: `client_service_id = $n` or `IS NULL`, likewise user_id. */
function ownerConditions(owner: Owner, params: unknown[]): string[] {
  return [
    owner.serviceId === null ? 'client_service_id IS NULL' : `client_service_id = $${params.push(owner.serviceId)}`,
    owner.userId === null ? 'user_id IS NULL' : `user_id = $${params.push(owner.userId)}`,
  ];
}

/** A small least-recently-used map: list pages keyed by query and data version. */
class PageCache<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly capacity: number) {}
  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }
}

const ownerKey = (owner: Owner) => `${owner.serviceId ?? ''}:${owner.userId ?? ''}`;
export const PAGE_CACHE_ENTRIES = 1000;

/** Timestamps leave as ISO strings once, rather than as Dates serialised on every cached answer. */
const isoTime = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

export interface StoreOptions {
  /**
   * Other processes may write the same database (PostgreSQL server): cached lists then check
   * module_versions on every call. An embedded database belongs to this process alone, so its
   * own writes are all there is to notice.
   */
  sharedDatabase: boolean;
}

/**
 * module_records: every schema property in `data`, file names beside them under the file field
 * names. A deep page of a big filtered list costs a walk over every row before it (OFFSET) and a
 * count of all matches; both are cached per query under a version that each write raises after
 * it lands, so a cached page is never served once its data changed.
 */
export function jsonbStore(module: ModuleSchema, options: StoreOptions): RecordStore {
  const { admin, schema } = module;
  const properties = Object.keys(schema.properties ?? {});
  const fileFields = Object.keys(admin.files);
  const resource = admin.resource;
  const field = (name: string) => (name === 'id' ? 'id' : `(data->'${name}')`);
  const text = (name: string, ignoreCase: boolean) => (ignoreCase ? `lower(data->>'${name}')` : `(data->>'${name}')`);

  const toRecord = (row: { id: number; data: Record<string, unknown>; created_at: unknown; updated_at: unknown }): StoredRecord => ({
    id: Number(row.id),
    values: Object.fromEntries(properties.filter((p) => p in row.data).map((p) => [p, row.data[p]])),
    files: Object.fromEntries(fileFields.map((f) => [f, (row.data[f] as string | undefined) ?? null])),
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
  });
  type Row = Parameters<typeof toRecord>[0];
  const columns = 'id, data, created_at, updated_at';
  const pages = new PageCache<{ rows: StoredRecord[]; total: number }>(PAGE_CACHE_ENTRIES);

  const localVersions = new Map<string, number>();
  const version = async (db: Queryable, owner: Owner) => {
    if (!options.sharedDatabase) return localVersions.get(ownerKey(owner)) ?? 0;
    const { rows } = await db.query<{ version: number }>('SELECT version FROM module_versions WHERE resource = $1 AND owner = $2', [resource, ownerKey(owner)]);
    return Number(rows[0]?.version ?? 0);
  };
  const written = async (db: Queryable, owner: Owner) => {
    localVersions.set(ownerKey(owner), (localVersions.get(ownerKey(owner)) ?? 0) + 1);
    await db.query(
      `INSERT INTO module_versions (resource, owner, version) VALUES ($1, $2, 1)
       ON CONFLICT (resource, owner) DO UPDATE SET version = module_versions.version + 1`,
      [resource, ownerKey(owner)],
    );
  };

  const listUncached = async (db: Queryable, owner: Owner, query: ListQuery) => {
    const params: unknown[] = [resource];
    const where = ['resource = $1', ...ownerConditions(owner, params)];
    if (query.search && admin.list.search?.length) {
      const pattern = `$${params.push(likePattern(query.search))}`;
      where.push(`(${admin.list.search.map((name) => `${text(name, true)} LIKE ${pattern}`).join(' OR ')})`);
    }
    for (const { filter, value } of query.filters) {
      if (filter.op === 'contains') where.push(`${field(filter.field)} @> $${params.push(JSON.stringify([value]))}::jsonb`);
      else where.push(`${text(filter.field, false)} = $${params.push(value)}`);
    }
    const conditions = where.join(' AND ');
    const direction = query.sort.order;
    const sortKey = field(query.sort.field);
    // Deferred join: the OFFSET walk carries ids and sort keys only; just the page's rows are read whole.
    const page = await db.query<Row>(
      `SELECT m.id, m.data, m.created_at, m.updated_at
         FROM (SELECT id, ${sortKey} AS sort_key FROM module_records WHERE ${conditions}
                ORDER BY ${sortKey} ${direction}, id ${direction}
                LIMIT ${query.perPage} OFFSET ${(query.page - 1) * query.perPage}) page
         JOIN module_records m ON m.id = page.id
        ORDER BY page.sort_key ${direction}, m.id ${direction}`,
      params,
    );
    const { rows } = await db.query<{ total: number }>(`SELECT count(*) AS total FROM module_records WHERE ${conditions}`, params);
    return { rows: page.rows.map(toRecord), total: Number(rows[0].total) };
  };

  const store: RecordStore = {
    maxId: Number.MAX_SAFE_INTEGER,
    async list(db, owner, query) {
      const key = JSON.stringify([ownerKey(owner), await version(db, owner), query.page, query.perPage, query.sort, query.search, query.filters.map((f) => [f.filter.field, f.value])]);
      const cached = pages.get(key);
      if (cached) return cached;
      const result = await listUncached(db, owner, query);
      pages.set(key, result);
      return result;
    },
    async get(db, owner, id) {
      const params: unknown[] = [resource, id];
      const { rows } = await db.query<Row>(
        `SELECT ${columns} FROM module_records WHERE resource = $1 AND id = $2 AND ${ownerConditions(owner, params).join(' AND ')}`,
        params,
      );
      return rows[0] ? toRecord(rows[0]) : null;
    },
    async first(db, owner) {
      const params: unknown[] = [resource];
      const { rows } = await db.query<Row>(
        `SELECT ${columns} FROM module_records WHERE resource = $1 AND ${ownerConditions(owner, params).join(' AND ')} ORDER BY id LIMIT 1`,
        params,
      );
      return rows[0] ? toRecord(rows[0]) : null;
    },
    async insert(db, owner, values, files) {
      const data = { ...values, ...Object.fromEntries(Object.entries(files).filter(([, name]) => name)) };
      const { rows } = await db.query<Row>(
        `INSERT INTO module_records (resource, client_service_id, user_id, data) VALUES ($1, $2, $3, $4::jsonb) RETURNING ${columns}`,
        [resource, owner.serviceId, owner.userId, JSON.stringify(data)],
      );
      await written(db, owner);
      return toRecord(rows[0]);
    },
    async update(db, owner, id, values, files) {
      const current = await store.get(db, owner, id, 0);
      if (!current) return null;
      const kept = { ...current.files, ...files };
      const data = { ...values, ...Object.fromEntries(Object.entries(kept).filter(([, name]) => name)) };
      const params: unknown[] = [resource, id, JSON.stringify(data)];
      const { rows } = await db.query<Row>(
        `UPDATE module_records SET data = $3::jsonb, updated_at = now()
          WHERE resource = $1 AND id = $2 AND ${ownerConditions(owner, params).join(' AND ')} RETURNING ${columns}`,
        params,
      );
      await written(db, owner);
      return rows[0] ? toRecord(rows[0]) : null;
    },
    async remove(db, owner, id) {
      const params: unknown[] = [resource, id];
      const { rows } = await db.query<Row>(
        `DELETE FROM module_records WHERE resource = $1 AND id = $2 AND ${ownerConditions(owner, params).join(' AND ')} RETURNING ${columns}`,
        params,
      );
      if (rows[0]) await written(db, owner);
      return rows[0] ? toRecord(rows[0]) : null;
    },
    async conflicts(db, owner, fields, ignoreCase, values, exceptId) {
      const params: unknown[] = [resource];
      const where = ['resource = $1', ...ownerConditions(owner, params)];
      for (const name of fields) {
        const value = values[name];
        if (value === undefined || value === null) return false;
        const given = typeof value === 'string' ? value : JSON.stringify(value);
        where.push(`${text(name, ignoreCase)} = $${params.push(ignoreCase ? given.toLowerCase() : given)}`);
      }
      if (exceptId !== null) where.push(`id <> $${params.push(exceptId)}`);
      const { rows } = await db.query(`SELECT 1 FROM module_records WHERE ${where.join(' AND ')} LIMIT 1`, params);
      return rows.length > 0;
    },
    async markRead() {},
  };
  return store;
}

const quote = (identifier: string) => `"${identifier}"`;

/**
 * An existing table whose columns are named as the schema's properties (files in <field>_file),
 * for admin-scope modules whose table other code also reads (content). With `reads`, a per-user
 * read table gives is_read, lists put unread records first, and reading one marks it read.
 */
export function tableStore(module: ModuleSchema): RecordStore {
  const { admin, schema } = module;
  const storage = admin.storage;
  if (!storage) throw new Error(`${admin.resource}: no storage table`);
  if (admin.scope !== 'admin') throw new Error(`${admin.resource}: table storage serves admin-scope modules only`);
  const table = quote(storage.table);
  const properties = Object.keys(schema.properties ?? {});
  const fileFields = Object.keys(admin.files);
  const fileColumn = (name: string) => quote(`${name}_file`);
  const reads = storage.reads;
  const selectList = (viewer: string) =>
    [
      'id',
      ...properties.map(quote),
      ...fileFields.map(fileColumn),
      'created_at',
      'updated_at',
      ...(reads ? [`EXISTS (SELECT 1 FROM ${quote(reads.table)} r WHERE r.${quote(reads.column)} = t.id AND r.user_id = ${viewer}) AS is_read`] : []),
    ].join(', ');

  type Row = Record<string, unknown> & { id: number; is_read?: boolean };
  const toRecord = (row: Row): StoredRecord => ({
    id: Number(row.id),
    values: Object.fromEntries(properties.map((p) => [p, row[p]])),
    files: Object.fromEntries(fileFields.map((f) => [f, (row[`${f}_file`] as string | null) ?? null])),
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    ...(reads ? { is_read: row.is_read === true } : {}),
  });

  const store: RecordStore = {
    maxId: 2_147_483_647,
    async list(db, _owner, query) {
      const params: unknown[] = [];
      const where: string[] = [];
      if (query.search && admin.list.search?.length) {
        const pattern = `$${params.push(likePattern(query.search))}`;
        where.push(`(${admin.list.search.map((name) => `lower(${quote(name)}::text) LIKE ${pattern}`).join(' OR ')})`);
      }
      for (const { filter, value } of query.filters) where.push(`${quote(filter.field)}::text = $${params.push(value)}`);
      const conditions = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const order = [
        ...(reads ? ['is_read ASC'] : []),
        ...(query.sort.field === 'id' ? [] : [`${quote(query.sort.field)} ${query.sort.order}`]),
        `id ${query.sort.order}`,
      ].join(', ');
      // The viewer is the last param, so the count below can reuse the others without it.
      const pageParams = reads ? [...params, query.viewerId] : params;
      const { rows } = await db.query<Row & { total: number }>(
        `SELECT * FROM (SELECT ${selectList(`$${pageParams.length}`)}, count(*) OVER () AS total FROM ${table} t ${conditions}) listed
          ORDER BY ${order} LIMIT ${query.perPage} OFFSET ${(query.page - 1) * query.perPage}`,
        pageParams,
      );
      const total = rows.length
        ? Number(rows[0].total)
        : Number((await db.query<{ total: number }>(`SELECT count(*) AS total FROM ${table} t ${conditions}`, params)).rows[0].total);
      return { rows: rows.map(toRecord), total };
    },
    async get(db, _owner, id, viewerId) {
      const { rows } = await db.query<Row>(`SELECT ${selectList('$2')} FROM ${table} t WHERE id = $1`, reads ? [id, viewerId] : [id]);
      return rows[0] ? toRecord(rows[0]) : null;
    },
    async first(db) {
      const { rows } = await db.query<Row>(`SELECT ${selectList('0')} FROM ${table} t ORDER BY id LIMIT 1`);
      return rows[0] ? toRecord(rows[0]) : null;
    },
    async insert(db, _owner, values, files) {
      const entries = [...properties.filter((p) => p in values).map((p) => [quote(p), values[p]]), ...Object.entries(files).map(([f, name]) => [fileColumn(f), name])];
      const { rows } = await db.query<Row>(
        `INSERT INTO ${table} AS t (${entries.map(([column]) => column).join(', ')})
         VALUES (${entries.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${selectList('0')}`,
        entries.map(([, value]) => value),
      );
      return toRecord(rows[0]);
    },
    async update(db, _owner, id, values, files) {
      const entries = [...properties.map((p) => [quote(p), values[p] ?? null]), ...Object.entries(files).map(([f, name]) => [fileColumn(f), name])];
      const { rows } = await db.query<Row>(
        `UPDATE ${table} AS t SET ${entries.map(([column], i) => `${column} = $${i + 2}`).join(', ')}, updated_at = now()
          WHERE id = $1 RETURNING ${selectList('0')}`,
        [id, ...entries.map(([, value]) => value)],
      );
      return rows[0] ? toRecord(rows[0]) : null;
    },
    async remove(db, _owner, id) {
      const { rows } = await db.query<Row>(`DELETE FROM ${table} AS t WHERE id = $1 RETURNING ${selectList('0')}`, [id]);
      return rows[0] ? toRecord(rows[0]) : null;
    },
    async conflicts(db, _owner, fields, ignoreCase, values, exceptId) {
      const params: unknown[] = [];
      const where = fields.map((name) => {
        const value = String(values[name] ?? '');
        return ignoreCase ? `lower(${quote(name)}::text) = $${params.push(value.toLowerCase())}` : `${quote(name)}::text = $${params.push(value)}`;
      });
      if (exceptId !== null) where.push(`id <> $${params.push(exceptId)}`);
      const { rows } = await db.query(`SELECT 1 FROM ${table} WHERE ${where.join(' AND ')} LIMIT 1`, params);
      return rows.length > 0;
    },
    async markRead(db, id, userId) {
      if (!reads) return;
      await db.query(
        `INSERT INTO ${quote(reads.table)} (user_id, ${quote(reads.column)}) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [userId, id],
      );
    },
  };
  return store;
}

export function recordStore(module: ModuleSchema, options: StoreOptions): RecordStore {
  return module.admin.storage ? tableStore(module) : jsonbStore(module, options);
}
