import { createHash } from 'node:crypto';
import { POSITION, type AdminFilter, type ModuleSchema, type Period } from '../../common/schema';
import { jsonbBound, periodCondition } from './period';
import type { Db, Queryable } from '../platform/db';
import { type PreparedParam, preparedStatement } from '../platform/db/prepared';
import { countedFilters, LIST_BUCKET_IDS } from './list-counts';

/**
 * Who owns a module's records: a service (service scope), a user (user scope) or nobody (admin);
 * for a nested module also the parent record they belong to.
 */
export interface Owner {
  serviceId: number | null;
  userId: number | null;
  parentId?: number | null;
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
  /** Runs writes in one transaction; cached lists learn of them once it committed. */
  transaction<T>(db: Db, write: (tx: Queryable) => Promise<T>): Promise<T>;
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
  /**
   * Ordered modules: puts the given records of the owner in the given order, in the places they held
   * between them; false (and no change) when any id is not one of the owner's records.
   */
  reorder(db: Queryable, owner: Owner, ids: number[]): Promise<boolean>;
  /** Records of the owner were written in bulk (not one by one through this store): its cached lists are rebuilt. */
  changedMany(db: Queryable, owner: Owner): Promise<void>;
}

const LIKE_SPECIALS = /[\\%_]/g;

export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(LIKE_SPECIALS, (c) => `\\${c}`)}%`;
}

/** The rows of one owner: `client_service_id = $n` or `IS NULL`, likewise user_id, and the parent record when nested. */
function ownerConditions(owner: Owner, params: unknown[]): string[] {
  return [
    owner.serviceId === null ? 'client_service_id IS NULL' : `client_service_id = $${params.push(owner.serviceId)}`,
    owner.userId === null ? 'user_id IS NULL' : `user_id = $${params.push(owner.userId)}`,
    ...(owner.parentId == null ? [] : [`parent_id = $${params.push(owner.parentId)}`]),
  ];
}

/** A small least-recently-used map: list pages and id lists, each stamped with its data version. */
class LruCache<V> {
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
  delete(key: string): void {
    this.entries.delete(key);
  }
  clear(): void {
    this.entries.clear();
  }
}

const ownerKey = (owner: Owner) => `${owner.serviceId ?? ''}:${owner.userId ?? ''}${owner.parentId == null ? '' : `:${owner.parentId}`}`;
export const PAGE_CACHE_ENTRIES = 1000;
/** Per module: how many lists (a filter, search and sort of one owner) keep their ordered ids. */
const ID_LISTS = 64;
/** Per module: how many records the pages of cached lists are served from without a query. */
const CACHED_RECORDS = 100_000;
/** A list with more matches than this is not kept in memory. */
const MAX_LISTED_IDS = 200_000;
/** Per owner: how many recent writes are remembered to bring cached id lists up to date. */
const REMEMBERED_WRITES = 1000;
/** A page within this many blocks of ids (list-counts.ts) is found by walking the primary key between their edges. */
const NEAR_BLOCKS = 3;
/** How many of the owner's search texts tell whether most of its records match a search. */
const MATCH_SAMPLE = 256;

/** Timestamps leave as ISO strings once, rather than as Dates serialised on every cached answer. */
const isoTime = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

export interface StoreOptions {
  /**
   * Other processes may write the same database (PostgreSQL server): cached lists then check
   * module_versions on every call. An embedded database belongs to this process alone, so its
   * own writes are all there is to notice.
   */
  sharedDatabase: boolean;
  /** Keep list results in memory (off: every list asks the database, to measure it alone). */
  listCache: boolean;
}

/** A committed write of the engine: the list version it set, the record (0: many at once) and whether it removed the record. */
interface Write {
  version: number;
  id: number;
  removed: boolean;
}

/** An engine transaction in progress: its writes, and a promise kept once it is over. */
interface OpenTransaction {
  writes: (Write & { owner: Owner })[];
  over: Promise<void>;
}

/** The ids of one list in its order, as of a data version; null when the list is too long to keep. */
interface IdList {
  version: number;
  ids: number[] | null;
}

/** Where `id` belongs in ids sorted by id (ASC or DESC): the first index not before it. */
function position(ids: number[], id: number, descending: boolean): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (descending ? ids[middle] > id : ids[middle] < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * module_records: every schema property in `data`, file names beside them under the file field
 * names. Each expression below is the one indexes.ts indexes. Uncached, an id-sorted list (all the
 * owner's records, one filter's value or a search) finds its page by number from its records per
 * block of ids: kept (list-counts.ts) or, for a search, counted over the short search texts
 * (search-texts.ts); any other list takes one pass over its matches for the page's ids and the
 * exact total. With the list cache on, a list's ordered ids are kept in memory
 * under its data version: any page is then a slice and a primary-key read of its rows, and the
 * total is exact. The engine's own writes (store.transaction) are applied to cached id-sorted
 * lists once they commit, by asking the database whether each written record still matches;
 * any other change (another process, another sort) rebuilds the list when next asked.
 */
export function jsonbStore(module: ModuleSchema, options: StoreOptions): RecordStore {
  const { admin, schema } = module;
  const properties = Object.keys(schema.properties ?? {});
  const fileFields = Object.keys(admin.files);
  const resource = admin.resource;
  // A literal (the registry checked the identifier), so the planner can prove each partial index's predicate.
  const ofResource = `resource = '${resource}'`;
  const field = (name: string) => (name === 'id' ? 'id' : admin.ordered && name === POSITION ? 'position' : `(data->'${name}')`);
  const text = (name: string, ignoreCase: boolean) => (ignoreCase ? `lower(data->>'${name}')` : `(data->>'${name}')`);
  /** A filter value as the JSONB it must equal: numbers and booleans as such, the rest as text. */
  const jsonOf = (name: string, value: string) => {
    const type = schema.properties?.[name]?.type;
    const number = Number(value);
    if ((type === 'integer' || type === 'number') && value !== '' && Number.isFinite(number)) return JSON.stringify(number);
    if (type === 'boolean' && (value === 'true' || value === 'false')) return value;
    return JSON.stringify(value);
  };

  const toRecord = (row: { id: number; data: Record<string, unknown>; created_at: unknown; updated_at: unknown }): StoredRecord => ({
    id: Number(row.id),
    values: Object.fromEntries(properties.filter((p) => p in row.data).map((p) => [p, row.data[p]])),
    files: Object.fromEntries(fileFields.map((f) => [f, (row.data[f] as string | undefined) ?? null])),
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
  });
  type Row = Parameters<typeof toRecord>[0];
  const columns = 'id, data, created_at, updated_at';
  /** The hottest reads (a record, a page's records by id), prepared once per owner shape on the embedded database. */
  const byIdStatements = new Map<string, ReturnType<typeof preparedStatement>>();
  const selectById = (db: Queryable, owner: Owner, ids: number | number[]) => {
    const many = Array.isArray(ids);
    const params: unknown[] = [ids];
    const conditions = ownerConditions(owner, params).join(' AND ');
    // Null owner columns are written into the SQL (IS NULL): each shape of owner is a statement of its own.
    const shape = `${owner.serviceId === null ? 'n' : 's'}${owner.userId === null ? 'n' : 'u'}${owner.parentId == null ? '' : 'p'}`;
    const name = `mr_${many ? 'rows' : 'row'}_${shape}_${resource}`;
    let statement = byIdStatements.get(name);
    if (!statement) {
      const sql = `SELECT ${columns} FROM module_records WHERE ${many ? 'id = ANY($1)' : 'id = $1'} AND ${ofResource} AND ${conditions}`;
      const types = [many ? 'bigint[]' : 'bigint', ...(owner.serviceId === null ? [] : ['int']), ...(owner.userId === null ? [] : ['int']), ...(owner.parentId == null ? [] : ['bigint'])];
      // Identifiers end at 63 characters: a longer name keeps its start and a digest of the whole.
      const fitted = name.length <= 63 ? name : `${name.slice(0, 50)}_${createHash('sha1').update(name).digest('hex').slice(0, 12)}`;
      statement = preparedStatement(fitted, sql, types);
      byIdStatements.set(name, statement);
    }
    return statement<Row>(db, params as PreparedParam[]);
  };
  const pages = new LruCache<{ rows: StoredRecord[]; total: number }>(PAGE_CACHE_ENTRIES);
  const idLists = new LruCache<IdList>(ID_LISTS);
  const refreshing = new Map<string, Promise<IdList>>();

  const searched = admin.list.search ?? [];
  /** The records of the owner a list shows: the WHERE clause, its parameters pushed onto params. */
  const listConditions = (owner: Owner, query: ListQuery, params: unknown[]) => {
    const where = [ofResource, ...ownerConditions(owner, params)];
    if (query.search && searched.length > 0) {
      const pattern = `$${params.push(likePattern(query.search))}`;
      where.push(`EXISTS (SELECT 1 FROM module_search_texts s WHERE s.id = module_records.id AND s.text LIKE ${pattern})`);
      // The kept text joins the fields by a line break: only a term with one could match across two.
      if (searched.length > 1 && query.search.includes('\n')) where.push(`(${searched.map((name) => `${text(name, true)} LIKE ${pattern}`).join(' OR ')})`);
    }
    for (const { filter, value } of query.filters) {
      if (filter.op === 'period') where.push(periodCondition(value as Period, jsonbBound(filter.field), filter.until ? jsonbBound(filter.until) : undefined));
      else if (filter.op === 'contains') where.push(`${field(filter.field)} @> $${params.push(JSON.stringify([value]))}::jsonb`);
      else if (filter.field === 'id') where.push(`id = $${params.push(Number.isSafeInteger(Number(value)) ? Number(value) : 0)}`);
      else where.push(`${field(filter.field)} = $${params.push(jsonOf(filter.field, value))}::jsonb`);
    }
    return where.join(' AND ');
  };
  const ordering = (query: ListQuery) => `${field(query.sort.field)} ${query.sort.order}, id ${query.sort.order}`;
  /** Whether a list is an id-sorted search with no filter, which the owner's search texts alone answer. */
  const readsSearchTexts = (query: ListQuery): query is ListQuery & { search: string } =>
    Boolean(query.search) && searched.length > 0 && query.sort.field === 'id' && query.filters.length === 0 && !(searched.length > 1 && query.search!.includes('\n'));
  /**
   * An id-sorted search with no filter needs the owner's search texts alone (module_search_texts,
   * search-texts.ts: short strings under the record's id): their FROM and WHERE, parameters pushed
   * onto params; null for any other list.
   */
  const searchedTexts = (owner: Owner, query: ListQuery, params: unknown[], matching = true) => {
    if (!readsSearchTexts(query)) return null;
    return `${ownerTexts(owner, params)} AND ${matching ? '' : 'NOT '}text LIKE $${params.push(likePattern(query.search))}`;
  };
  /** The owner's search texts, FROM and WHERE, parameters pushed onto params. */
  const ownerTexts = (owner: Owner, params: unknown[]) => {
    const ofParent = owner.parentId == null ? '' : ` AND parent_id = $${params.push(owner.parentId)}`;
    return `module_search_texts WHERE resource = '${resource}' AND client_service_id = $${params.push(owner.serviceId ?? 0)} AND user_id = $${params.push(owner.userId ?? 0)}${ofParent}`;
  };
  /** Where a list's ids are read from, FROM and WHERE, parameters pushed onto params. */
  const listSource = (owner: Owner, query: ListQuery, params: unknown[]) => searchedTexts(owner, query, params) ?? `module_records WHERE ${listConditions(owner, query, params)}`;

  const localVersions = new Map<string, number>();
  const version = async (db: Queryable, owner: Owner) => {
    if (!options.sharedDatabase) return localVersions.get(ownerKey(owner)) ?? 0;
    const { rows } = await db.query<{ version: number }>('SELECT version FROM module_versions WHERE resource = $1 AND owner = $2', [resource, ownerKey(owner)]);
    return Number(rows[0]?.version ?? 0);
  };
  /** Per owner, the versions the engine's committed writes set, the record each wrote and whether it removed it. */
  const recentWrites = new Map<string, Write[]>();
  /** The writes of a transaction in progress, told apart by its Queryable, and when it is over (committed and recorded, or rolled back). */
  const uncommitted = new WeakMap<Queryable, OpenTransaction>();
  /** Per owner, the list versions set by this process's transactions not over yet. */
  const settling = new Map<string, Map<number, OpenTransaction>>();
  /**
   * On a shared database, a version read between a transaction's COMMIT and its writes being
   * recorded here (once COMMIT's answer is back) shows a write this process made but does not know
   * yet: the cached lists would rebuild from the database. A version read committed means the
   * transaction that set it is over, or all but, so its writes are waited for instead (not those of
   * the reader's own transaction, which is not over).
   */
  const ownWritesRecorded = async (db: Queryable, owner: Owner, current: number) => {
    const open = settling.get(ownerKey(owner));
    if (!open) return;
    const reading = uncommitted.get(db);
    const waits = [...open].filter(([version, transaction]) => version <= current && transaction !== reading).map(([, transaction]) => transaction.over);
    if (waits.length) await Promise.all(waits);
  };
  /**
   * Records by id, for the pages of cached lists: a page is then served with no record query. Each
   * write of this process drops its record (when written, and again once committed, in case a read
   * cached the old row in between). Where other processes write too, a list that finds its owner's
   * version raised by a write not this process's drops them all (keptRowsUpTo).
   */
  const cachedRows = options.listCache ? new LruCache<{ ownerKey: string; record: StoredRecord }>(CACHED_RECORDS) : null;
  /** Per owner, the version up to which every write is known to have dropped its kept record. */
  const rowsKnownUpTo = new Map<string, number>();
  /** Raised each time all kept records are dropped: a read begun before keeps none of its rows (they may be older than the drop). */
  let rowsEpoch = 0;
  const committed = (writes: (Write & { owner: Owner })[]) => {
    for (const { owner, version: written, id, removed } of writes) {
      const key = ownerKey(owner);
      if (id === 0) {
        cachedRows?.clear();
        rowsEpoch += 1;
      } else cachedRows?.delete(String(id));
      const version = options.sharedDatabase ? written : (localVersions.get(key) ?? 0) + 1;
      localVersions.set(key, version);
      const log = recentWrites.get(key) ?? [];
      log.push({ version, id, removed });
      if (log.length > REMEMBERED_WRITES) log.shift();
      recentWrites.set(key, log);
    }
  };
  /**
   * Raises the owner's list version in the writing transaction, so a committed write is never hidden
   * by a cached list: in module_versions when other processes share the database (they read it),
   * else in this process alone, once the write committed.
   */
  const written = async (db: Queryable, owner: Owner, id: number, removed = false) => {
    const shared = options.sharedDatabase
      ? await db.query<{ version: number }>(
          `INSERT INTO module_versions (resource, owner, version) VALUES ($1, $2, 1)
           ON CONFLICT (resource, owner) DO UPDATE SET version = module_versions.version + 1 RETURNING version`,
          [resource, ownerKey(owner)],
        )
      : null;
    const write = { owner, version: Number(shared?.rows[0].version ?? 0), id, removed };
    cachedRows?.delete(String(id));
    const pending = uncommitted.get(db);
    if (pending) {
      pending.writes.push(write);
      if (shared) settling.set(ownerKey(owner), (settling.get(ownerKey(owner)) ?? new Map()).set(write.version, pending));
    }
    // Outside store.transaction the moment of commit is unknown: id 0 makes cached lists rebuild.
    else committed([{ ...write, id: 0 }]);
  };

  /**
   * Keeps the records cached as of the owner's `current` version: when a version since the last one
   * seen was set by a write this process did not make (another server), any kept record may be old.
   */
  const keptRowsUpTo = (owner: Owner, current: number) => {
    if (!cachedRows || !options.sharedDatabase) return;
    const key = ownerKey(owner);
    const known = rowsKnownUpTo.get(key);
    if (known !== undefined && current <= known) return;
    const ours = new Set((recentWrites.get(key) ?? []).filter((write) => write.id !== 0 && write.version > (known ?? current) && write.version <= current).map((write) => write.version));
    if (known === undefined || ours.size !== current - known) {
      cachedRows.clear();
      rowsEpoch += 1;
    }
    rowsKnownUpTo.set(key, current);
  };

  const rowsById = async (db: Queryable, owner: Owner, ids: number[]) => {
    const key = ownerKey(owner);
    const epoch = rowsEpoch;
    const byId = new Map<number, StoredRecord>();
    for (const id of ids) {
      const cached = cachedRows?.get(String(id));
      if (cached?.ownerKey === key) byId.set(id, cached.record);
    }
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length) {
      const { rows } = await selectById(db, owner, missing);
      for (const row of rows) {
        const record = toRecord(row);
        byId.set(record.id, record);
        if (epoch === rowsEpoch) cachedRows?.set(String(record.id), { ownerKey: key, record });
      }
    }
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  };

  /** The whole list's ids in order (as one text: far quicker to receive than a row per id), or none when too long to keep. */
  const buildIdList = async (db: Queryable, owner: Owner, query: ListQuery, version: number): Promise<IdList> => {
    const params: unknown[] = [];
    const { rows } = await db.query<{ ids: string | null; listed: number }>(
      `SELECT string_agg(id::text, ',' ORDER BY sort_key ${query.sort.order}, id ${query.sort.order}) AS ids, count(*) AS listed
         FROM (SELECT id, ${field(query.sort.field)} AS sort_key FROM ${listSource(owner, query, params)}
                ORDER BY ${ordering(query)} LIMIT ${MAX_LISTED_IDS + 1}) listed`,
      params,
    );
    const { ids, listed } = rows[0];
    if (Number(listed) > MAX_LISTED_IDS) return { version, ids: null };
    return { version, ids: ids ? ids.split(',').map(Number) : [] };
  };

  /**
   * Brings an id-sorted list from its version to `version` with the engine's writes in between,
   * or answers null when some change between is unknown (another process) or the sort is not id.
   */
  const updatedIdList = async (db: Queryable, owner: Owner, query: ListQuery, list: IdList, version: number): Promise<IdList | null> => {
    if (!list.ids || query.sort.field !== 'id' || version < list.version) return null;
    const writes = (recentWrites.get(ownerKey(owner)) ?? []).filter((write) => write.version > list.version && write.version <= version);
    const versionsSeen = new Set(writes.map((write) => write.version));
    if (versionsSeen.size !== version - list.version || writes.some((write) => write.id === 0)) return null;
    const changed = [...new Set(writes.map((write) => write.id))];
    let matching: Set<number>;
    if (!query.search && query.filters.length === 0) {
      // The owner's whole list: a record is in it unless its last write removed it.
      const last = new Map(writes.map((write) => [write.id, write]));
      matching = new Set(changed.filter((id) => !last.get(id)!.removed));
    } else {
      const params: unknown[] = [];
      const conditions = listConditions(owner, query, params);
      const { rows } = await db.query<{ id: number }>(`SELECT id FROM module_records WHERE ${conditions} AND id = ANY($${params.push(changed)}::bigint[])`, params);
      matching = new Set(rows.map((row) => Number(row.id)));
    }
    // In place (no copy of a long list per write): each step only makes a record's presence match
    // the database, so requests applying the same writes at once agree, and the version says how far it is true.
    const descending = query.sort.order === 'DESC';
    const ids = list.ids;
    for (const id of changed) {
      const at = position(ids, id, descending);
      const present = ids[at] === id;
      if (present && !matching.has(id)) ids.splice(at, 1);
      else if (!present && matching.has(id)) ids.splice(at, 0, id);
    }
    list.version = version;
    return list;
  };

  /** A page from the kept ids of its list, or null when the list is too long to keep. */
  const listFromIds = async (db: Queryable, owner: Owner, query: ListQuery, version: number) => {
    const key = JSON.stringify([ownerKey(owner), query.sort, query.search, query.filters.map((f) => [f.filter.field, f.value])]);
    const cached = idLists.get(key);
    let list = cached?.version === version ? cached : null;
    if (!list) {
      // Requests that find the list behind together bring it up to date once.
      const flight = `${key}@${version}`;
      let pending = refreshing.get(flight);
      if (!pending) {
        pending = (async () => (cached && (await updatedIdList(db, owner, query, cached, version))) || buildIdList(db, owner, query, version))();
        refreshing.set(flight, pending);
        const settled = () => refreshing.delete(flight);
        pending.then(settled, settled);
      }
      list = await pending;
    }
    if (list !== cached) idLists.set(key, list);
    if (!list.ids) return null;
    const offset = (query.page - 1) * query.perPage;
    return { rows: await rowsById(db, owner, list.ids.slice(offset, offset + query.perPage)), total: list.ids.length };
  };

  const counted = new Set(countedFilters(module).map((filter) => filter.field));
  /**
   * The list module_list_counts counts for the query (its field and value, '' and null for all the
   * owner's records), or null when its pages cannot be found from the counts: searched, filtered by
   * more than one counted filter, or sorted by anything but id.
   */
  const countedList = (query: ListQuery): { field: string; value: string } | null => {
    if (query.sort.field !== 'id' || (query.search && admin.list.search?.length)) return null;
    if (query.filters.length === 0) return { field: '', value: 'null' };
    const [{ filter, value }] = query.filters;
    if (query.filters.length > 1 || !counted.has(filter.field)) return null;
    return { field: filter.field, value: filter.op === 'contains' ? JSON.stringify(value) : jsonOf(filter.field, value) };
  };

  /**
   * How many of the list's records lie in each block of ids (SQL of bucket and listed) and where its
   * ids are (FROM and WHERE), parameters pushed onto params: a counted list's blocks are kept
   * (module_list_counts), an id-sorted search's are counted in one pass over its search texts (over
   * those that do not match, when most do: mostMatch); null for any other list.
   */
  const blocksOf = (owner: Owner, query: ListQuery, params: unknown[], mostMatch: boolean): { buckets: string; ids: string } | null => {
    const list = countedList(query);
    if (list) return { buckets: `${keptCounts(owner, list, params)} HAVING sum(count) > 0`, ids: `module_records WHERE ${listConditions(owner, query, params)}` };
    const texts = searchedTexts(owner, query, params);
    if (!texts) return null;
    if (!mostMatch) return { buckets: `SELECT id / ${LIST_BUCKET_IDS} AS bucket, count(*) AS listed FROM ${texts} GROUP BY 1`, ids: texts };
    // The owner's records per block less those that do not match: the same figures, far fewer rows to group.
    return {
      buckets: `SELECT bucket, sum(listed) AS listed FROM (
                  ${keptCounts(owner, { field: '', value: 'null' }, params)}
                  UNION ALL
                  SELECT id / ${LIST_BUCKET_IDS}, -count(*) FROM ${searchedTexts(owner, query, params, false)} GROUP BY 1) parts
                GROUP BY bucket HAVING sum(listed) > 0`,
      ids: texts,
    };
  };

  /** The owner's kept count of a list (module_list_counts) per block of ids, as bucket and listed; parameters pushed onto params. */
  const keptCounts = (owner: Owner, list: { field: string; value: string }, params: unknown[]) => {
    const ofParent = owner.parentId == null ? '' : `AND parent_id = $${params.push(owner.parentId)}`;
    return `SELECT bucket, sum(count) AS listed FROM module_list_counts
             WHERE resource = '${resource}' AND client_service_id = $${params.push(owner.serviceId ?? 0)} AND user_id = $${params.push(owner.userId ?? 0)}
               AND field = $${params.push(list.field)} AND value = $${params.push(list.value)}::jsonb ${ofParent}
             GROUP BY bucket`;
  };

  /**
   * Whether most of the owner's records match an id-sorted search, judged by a sample of its search
   * texts: then its blocks are counted from what does not match (a search for the service's domain
   * matches every recipient).
   */
  const mostMatch = async (db: Queryable, owner: Owner, query: ListQuery) => {
    if (!readsSearchTexts(query)) return false;
    const params: unknown[] = [];
    const { rows } = await db.query<{ most: boolean }>(
      `SELECT count(*) FILTER (WHERE text LIKE $${params.push(likePattern(query.search))}) * 2 > count(*) AS most
         FROM (SELECT text FROM ${ownerTexts(owner, params)} LIMIT ${MATCH_SAMPLE}) sample`,
      params,
    );
    return rows[0].most;
  };

  /**
   * A page of an id-sorted list by its number, in one statement (one snapshot): the list's records
   * per block of ids give the total, the block where the page starts and the one where it ends, then
   * the ids are walked from the start block's edge, skipping at most a block's matches, instead of
   * every match before the page. A page within a few blocks walks the primary key between their
   * edges (a filter's index would read every match of the list: a tag's 60,000 of 100,000); a page
   * spread over more blocks has few matches per block, found through the list's index where it has one.
   */
  const pageFromBlocks = async (db: Queryable, query: ListQuery, blocks: { buckets: string; ids: string }, params: unknown[]) => {
    const offset = `$${params.push((query.page - 1) * query.perPage)}::bigint`;
    const order = query.sort.order;
    const [first, last] = order === 'DESC' ? ['finish', 'start'] : ['start', 'finish'];
    const from = `id >= (SELECT bucket * ${LIST_BUCKET_IDS} FROM ${first})`;
    const until = `id < (SELECT (bucket + 1) * ${LIST_BUCKET_IDS} FROM ${last})`;
    const pageIds = (edges: string) => `SELECT id FROM ${blocks.ids} AND ${edges} ORDER BY id ${order} LIMIT ${query.perPage} OFFSET (SELECT ${offset} - before FROM start)`;
    const { rows } = await db.query<Row & { total: number }>(
      `WITH buckets AS (${blocks.buckets}),
       placed AS (SELECT bucket, sum(listed) OVER (ORDER BY bucket ${order}) - listed AS before, listed FROM buckets),
       total AS (SELECT coalesce(sum(listed), 0) AS total FROM buckets),
       start AS (SELECT bucket, before FROM placed WHERE before + listed > ${offset} ORDER BY bucket ${order} LIMIT 1),
       finish AS (SELECT bucket FROM placed WHERE before + listed >= least(${offset} + ${query.perPage}, (SELECT total FROM total)) ORDER BY bucket ${order} LIMIT 1),
       near AS (SELECT abs((SELECT bucket FROM finish) - (SELECT bucket FROM start)) < ${NEAR_BLOCKS} AS near)
       SELECT (SELECT total FROM total) AS total, page.*
         FROM (SELECT 1) one LEFT JOIN LATERAL (
           SELECT ${columns} FROM module_records WHERE id IN (
             SELECT id FROM (${pageIds(`${from} AND ${until}`)}) bounded WHERE (SELECT near FROM near)
             UNION ALL
             SELECT id FROM (${pageIds(order === 'DESC' ? until : from)}) spread WHERE NOT (SELECT near FROM near))
            ORDER BY id ${order}) page ON true`,
      params,
    );
    return { rows: rows.filter((row) => row.id !== null).map(toRecord), total: Number(rows[0].total) };
  };

  const listUncached = async (db: Queryable, owner: Owner, query: ListQuery) => {
    const params: unknown[] = [];
    const blocks = blocksOf(owner, query, params, await mostMatch(db, owner, query));
    if (blocks) return pageFromBlocks(db, query, blocks, params);
    // One pass over the matches gives the exact total and the page's ids (sorted as ids only, not
    // whole rows); then just the page's records are read, by id.
    const offset = (query.page - 1) * query.perPage;
    const { rows } = await db.query<{ total: number; ids: string | null }>(
      `SELECT count(*) AS total, array_to_string((array_agg(id ORDER BY ${ordering(query)}))[${offset + 1}:${offset + query.perPage}], ',') AS ids
         FROM module_records WHERE ${listConditions(owner, query, params)}`,
      params,
    );
    const ids = rows[0].ids ? rows[0].ids.split(',').map(Number) : [];
    return { rows: await rowsById(db, owner, ids), total: Number(rows[0].total) };
  };

  const store: RecordStore = {
    maxId: Number.MAX_SAFE_INTEGER,
    async transaction(db, write) {
      let over = () => {};
      const transaction: OpenTransaction = { writes: [], over: new Promise<void>((resolve) => (over = resolve)) };
      try {
        const result = await db.transaction((tx) => {
          uncommitted.set(tx, transaction);
          return write(tx);
        });
        committed(transaction.writes);
        return result;
      } finally {
        for (const { owner, version } of transaction.writes) {
          const open = settling.get(ownerKey(owner));
          if (open?.get(version) === transaction) open.delete(version);
          if (open?.size === 0) settling.delete(ownerKey(owner));
        }
        over();
      }
    },
    async list(db, owner, query) {
      if (!options.listCache) return listUncached(db, owner, query);
      const current = await version(db, owner);
      await ownWritesRecorded(db, owner, current);
      keptRowsUpTo(owner, current);
      // A period's lists change as time passes, with no write to tell the cache.
      if (query.filters.some(({ filter }) => filter.op === 'period')) return listUncached(db, owner, query);
      const key = JSON.stringify([ownerKey(owner), current, query.page, query.perPage, query.sort, query.search, query.filters.map((f) => [f.filter.field, f.value])]);
      const cached = pages.get(key);
      if (cached) return cached;
      const result = (await listFromIds(db, owner, query, current)) ?? (await listUncached(db, owner, query));
      pages.set(key, result);
      return result;
    },
    async get(db, owner, id) {
      const { rows } = await selectById(db, owner, id);
      return rows[0] ? toRecord(rows[0]) : null;
    },
    async first(db, owner) {
      const params: unknown[] = [];
      const { rows } = await db.query<Row>(
        `SELECT ${columns} FROM module_records WHERE ${ofResource} AND ${ownerConditions(owner, params).join(' AND ')} ORDER BY id LIMIT 1`,
        params,
      );
      return rows[0] ? toRecord(rows[0]) : null;
    },
    async insert(db, owner, values, files) {
      const data = { ...values, ...Object.fromEntries(Object.entries(files).filter(([, name]) => name)) };
      const params: unknown[] = [resource, owner.serviceId, owner.userId, owner.parentId ?? null, JSON.stringify(data)];
      // An ordered module's new record goes after the owner's last one.
      const position = admin.ordered
        ? `(SELECT coalesce(max(position), 0) + 1 FROM module_records WHERE ${ofResource} AND ${ownerConditions(owner, params).join(' AND ')})`
        : 'NULL';
      const { rows } = await db.query<Row>(
        `INSERT INTO module_records (resource, client_service_id, user_id, parent_id, data, position)
         VALUES ($1, $2, $3, $4, $5::jsonb, ${position}) RETURNING ${columns}`,
        params,
      );
      await written(db, owner, Number(rows[0].id));
      return toRecord(rows[0]);
    },
    async update(db, owner, id, values, files) {
      // The files not given keep the names the row holds (taken in the UPDATE itself, no read before it).
      const data = { ...values, ...Object.fromEntries(Object.entries(files).filter(([, name]) => name)) };
      const kept = fileFields.filter((name) => !(name in files));
      const keptNames = kept.length ? ` || jsonb_strip_nulls(jsonb_build_object(${kept.map((name) => `'${name}', data->'${name}'`).join(', ')}))` : '';
      const params: unknown[] = [id, JSON.stringify(data)];
      const { rows } = await db.query<Row>(
        `UPDATE module_records SET data = $2::jsonb${keptNames}, updated_at = now()
          WHERE id = $1 AND ${ofResource} AND ${ownerConditions(owner, params).join(' AND ')} RETURNING ${columns}`,
        params,
      );
      await written(db, owner, id);
      return rows[0] ? toRecord(rows[0]) : null;
    },
    async remove(db, owner, id) {
      const params: unknown[] = [id];
      const { rows } = await db.query<Row>(
        `DELETE FROM module_records WHERE id = $1 AND ${ofResource} AND ${ownerConditions(owner, params).join(' AND ')} RETURNING ${columns}`,
        params,
      );
      if (rows[0]) await written(db, owner, id, true);
      return rows[0] ? toRecord(rows[0]) : null;
    },
    async conflicts(db, owner, fields, ignoreCase, values, exceptId) {
      // The owner as the unique index holds it (indexes.ts), so the index answers.
      const params: unknown[] = [owner.serviceId ?? 0, owner.userId ?? 0];
      const where = [ofResource, 'COALESCE(client_service_id, 0) = $1', 'COALESCE(user_id, 0) = $2'];
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
    async reorder(db, owner, ids) {
      const params: unknown[] = [ids];
      const { rows } = await db.query<{ id: number; position: number | null }>(
        `SELECT id, position FROM module_records WHERE id = ANY($1::bigint[]) AND ${ofResource} AND ${ownerConditions(owner, params).join(' AND ')} FOR UPDATE`,
        params,
      );
      if (rows.length !== ids.length) return false;
      const places = rows.map((row) => row.position ?? Number.MAX_SAFE_INTEGER).sort((a, b) => a - b);
      // Records written before the module was ordered have no place yet: they get the next free ones.
      let next = Math.max(0, ...places.filter((place) => place !== Number.MAX_SAFE_INTEGER));
      const assigned = places.map((place) => (place === Number.MAX_SAFE_INTEGER ? (next += 1) : place));
      await db.query(
        `UPDATE module_records SET position = placed.position, updated_at = now()
           FROM unnest($1::bigint[], $2::int[]) AS placed(id, position) WHERE module_records.id = placed.id`,
        [ids, assigned],
      );
      // Every list of the owner is rebuilt: positions changed for many records at once.
      await written(db, owner, 0);
      return true;
    },
    changedMany: (db, owner) => written(db, owner, 0),
  };
  return store;
}

const quote = (identifier: string) => `"${identifier}"`;

/**
 * A table of its own whose columns are named as the schema's properties (files in <field>_file):
 * for a module whose table other code also reads (content), or one large or relational enough to
 * want real columns (created by its storage migration). Its rows belong to a service
 * (`client_service_id`), a user (`user_id`) or, in admin scope, the panel; a nested module's rows
 * name their parent's row (`parent_id`, ON DELETE CASCADE). With `reads`, a per-user
 * read table gives is_read, lists put unread records first, and reading one marks it read.
 */
export function tableStore(module: ModuleSchema): RecordStore {
  const { admin, schema } = module;
  const storage = admin.storage;
  if (!storage) throw new Error(`${admin.resource}: no storage table`);
  const table = quote(storage.table);
  const ownerColumn = admin.scope === 'service' ? 'client_service_id' : admin.scope === 'user' ? 'user_id' : null;
  const ownerValue = (owner: Owner) => (ownerColumn === 'client_service_id' ? owner.serviceId : owner.userId);
  /** The owner's rows: its column's condition (nothing for admin scope) and a nested module's parent_id, values pushed onto params. */
  const owned = (owner: Owner, params: unknown[]) => [
    ...(ownerColumn ? [`t.${ownerColumn} = $${params.push(ownerValue(owner))}`] : []),
    ...(admin.parent ? [`t.parent_id = $${params.push(owner.parentId)}`] : []),
  ];
  const properties = Object.keys(schema.properties ?? {});
  // Read-only columns are the table's own (set by the module's code, or generated): writes leave them alone.
  const writable = properties.filter((name) => schema.properties?.[name].readOnly !== true);
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
    transaction: (db, write) => db.transaction(write),
    // The registry lets no table-stored module be ordered.
    reorder: async () => false,
    // Nothing is cached: every list asks the table.
    changedMany: async () => {},
    async list(db, owner, query) {
      const params: unknown[] = [];
      const where: string[] = owned(owner, params);
      if (query.search && admin.list.search?.length) {
        const pattern = `$${params.push(likePattern(query.search))}`;
        where.push(`(${admin.list.search.map((name) => `lower(${quote(name)}::text) LIKE ${pattern}`).join(' OR ')})`);
      }
      const bound = (name: string) => ({ open: `${quote(name)} IS NULL`, time: quote(name) });
      for (const { filter, value } of query.filters) {
        where.push(filter.op === 'period' ? periodCondition(value as Period, bound(filter.field), filter.until ? bound(filter.until) : undefined) : `${quote(filter.field)}::text = $${params.push(value)}`);
      }
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
    async get(db, owner, id, viewerId) {
      const params: unknown[] = [id];
      const conditions = ['id = $1', ...owned(owner, params)];
      const viewer = reads ? `$${params.push(viewerId)}` : '0';
      const { rows } = await db.query<Row>(`SELECT ${selectList(viewer)} FROM ${table} t WHERE ${conditions.join(' AND ')}`, params);
      return rows[0] ? toRecord(rows[0]) : null;
    },
    async first(db, owner) {
      const params: unknown[] = [];
      const conditions = owned(owner, params);
      const { rows } = await db.query<Row>(`SELECT ${selectList('0')} FROM ${table} t ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''} ORDER BY id LIMIT 1`, params);
      return rows[0] ? toRecord(rows[0]) : null;
    },
    async insert(db, owner, values, files) {
      const entries = [
        ...(ownerColumn ? [[ownerColumn, ownerValue(owner)]] : []),
        ...(admin.parent ? [['parent_id', owner.parentId]] : []),
        ...writable.filter((p) => p in values).map((p) => [quote(p), values[p]]),
        ...Object.entries(files).map(([f, name]) => [fileColumn(f), name]),
      ];
      const { rows } = await db.query<Row>(
        `INSERT INTO ${table} AS t (${entries.map(([column]) => column).join(', ')})
         VALUES (${entries.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${selectList('0')}`,
        entries.map(([, value]) => value),
      );
      return toRecord(rows[0]);
    },
    async update(db, owner, id, values, files) {
      const entries = [...writable.map((p) => [quote(p), values[p] ?? null]), ...Object.entries(files).map(([f, name]) => [fileColumn(f), name])];
      const params: unknown[] = [id, ...entries.map(([, value]) => value)];
      const conditions = ['id = $1', ...owned(owner, params)];
      const { rows } = await db.query<Row>(
        `UPDATE ${table} AS t SET ${entries.map(([column], i) => `${column} = $${i + 2}`).join(', ')}, updated_at = now()
          WHERE ${conditions.join(' AND ')} RETURNING ${selectList('0')}`,
        params,
      );
      return rows[0] ? toRecord(rows[0]) : null;
    },
    async remove(db, owner, id) {
      const params: unknown[] = [id];
      const conditions = ['id = $1', ...owned(owner, params)];
      const { rows } = await db.query<Row>(`DELETE FROM ${table} AS t WHERE ${conditions.join(' AND ')} RETURNING ${selectList('0')}`, params);
      return rows[0] ? toRecord(rows[0]) : null;
    },
    async conflicts(db, owner, fields, ignoreCase, values, exceptId) {
      const params: unknown[] = [];
      const where = owned(owner, params);
      where.push(...fields.map((name) => {
        const value = String(values[name] ?? '');
        return ignoreCase ? `lower(${quote(name)}::text) = $${params.push(value.toLowerCase())}` : `${quote(name)}::text = $${params.push(value)}`;
      }));
      if (exceptId !== null) where.push(`id <> $${params.push(exceptId)}`);
      const { rows } = await db.query(`SELECT 1 FROM ${table} t WHERE ${where.join(' AND ')} LIMIT 1`, params);
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
