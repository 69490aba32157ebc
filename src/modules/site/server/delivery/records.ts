import { POSITION, type AdminDelivery, type JsonSchema, type ModuleSchema } from '../../../../common/schema';
import type { Queryable } from '../../../../server/platform/db';
import { preparedStatement } from '../../../../server/platform/db/prepared';
import { thumbnailName } from '../../../../server/schema/file-keys';
import { jsonbBound, periodCondition } from '../../../../server/schema/period';

/** A delivered module: its schema and its delivery block, with the modules delivered within its records. */
export interface DeliveredModule {
  module: ModuleSchema;
  delivery: AdminDelivery;
  nested: DeliveredModule[];
}

/** The modules served by their own path, each with the modules delivered within it. */
export function servedModules(modules: readonly ModuleSchema[]): DeliveredModule[] {
  const delivered = (module: ModuleSchema): DeliveredModule => ({
    module,
    delivery: module.admin.delivery!,
    nested: modules.filter((child) => child.admin.parent?.resource === module.admin.resource && child.admin.delivery).map(delivered),
  });
  return modules.filter((module) => module.admin.delivery?.path !== undefined).map(delivered);
}

/** What a site reads of a record: its id and the module's public fields, files as absolute URLs. */
export type DeliveredRecord = Record<string, unknown> & { id: number };

/** The records a read asks for, beside the module's own conditions. */
interface Selection {
  serviceId: number;
  ids?: number[];
  parentIds?: number[];
}

interface Row {
  id: number;
  parent_id: number | null;
  data: Record<string, unknown>;
}

const column = (field: string) => (field === 'id' ? 'id' : field === POSITION ? 'position' : `data->'${field}'`);
/** A value of the schema (a `where` value, a default) as a JSONB literal: it is no parameter, so the statement can be prepared. */
const jsonbLiteral = (value: unknown) => `'${JSON.stringify(value).replaceAll("'", "''")}'::jsonb`;

/**
 * The WHERE clause of a module's delivered records: the service's own (never another's, never a
 * user's), equal to the delivery's `where` (an absent property taking its schema default, as the
 * panel shows it), inside the `during` period now (an absent or empty
 * bound is open). Property names come from the registry, which checked them as identifiers.
 */
function conditions({ module, delivery }: DeliveredModule, selection: Selection, params: unknown[]): string {
  // The resource as a literal (an identifier the registry checked), so the planner can use the module's partial indexes.
  const where = [`resource = '${module.admin.resource}'`, `client_service_id = $${params.push(selection.serviceId)}`, 'user_id IS NULL'];
  const equal = (field: string, value: string) => {
    const fallback = module.schema.properties?.[field]?.default;
    where.push(`${fallback === undefined ? column(field) : `coalesce(${column(field)}, ${jsonbLiteral(fallback)})`} = ${value}`);
  };
  for (const [field, value] of Object.entries(delivery.where ?? {})) equal(field, jsonbLiteral(value));
  const { during } = delivery;
  if (during?.from || during?.to) where.push(periodCondition('current', during.from ? jsonbBound(during.from) : undefined, during.to ? jsonbBound(during.to) : undefined));
  if (selection.ids) where.push(`id = ANY($${params.push(selection.ids)}::bigint[])`);
  if (selection.parentIds) where.push(`parent_id = ANY($${params.push(selection.parentIds)}::bigint[])`);
  return where.join(' AND ');
}

const ordering = ({ delivery: { sort } }: DeliveredModule) => `${column(sort.field)} ${sort.order}, id ${sort.order}`;

/** A record a list of the module shows now: its id, its value of the delivery's sort (undefined: SQL NULL) and the values of the delivery's filters, in their order. */
export interface Listed {
  id: number;
  key: unknown;
  values: unknown[];
}

/**
 * What the module's lists show at a service now: the records, in the delivery's order; by record
 * of the module, when (ms since the epoch) the next bound of its `during` period passes (only those
 * ahead); and the earliest such bound among the records within them (Infinity: none lies ahead).
 */
export interface ListedState {
  listed: Listed[];
  bounds: Map<number, number>;
  nestedExpires: number;
}

/** A record a write changed, as the lists see it now: shown or not, where it sorts, its filters' values and its period's next bound. */
export interface ChangedRecord extends Listed {
  shown: boolean;
  bound: number | null;
}

/** The module and the modules delivered within it, recursively. */
const withNested = (delivered: DeliveredModule): DeliveredModule[] => [delivered, ...delivered.nested.flatMap(withNested)];

const owned = (resource: string) => `resource = '${resource}' AND client_service_id = $1 AND user_id IS NULL`;

/** SQL of the time (timestamptz) when the next bound of one record's `during` period passes, NULL when none lies ahead. */
function nextBound({ delivery: { during } }: DeliveredModule): string | undefined {
  const bounds = [during?.from, during?.to]
    .filter((field): field is string => field !== undefined)
    .map((field) => {
      const { open, time } = jsonbBound(field);
      return `CASE WHEN ${open} THEN NULL WHEN ${time} > now() THEN ${time} END`;
    });
  return bounds.length ? `least(${bounds.join(', ')})` : undefined;
}

const epochMs = (time: string) => `extract(epoch FROM ${time}) * 1000`;

/** SQL of a listed record: [id, whether its sort value is NULL, the sort value, the filters' values…]. */
function listedArray(delivered: DeliveredModule): string {
  const { module, delivery } = delivered;
  const values = delivery.filters.map((field) => {
    const fallback = module.schema.properties?.[field]?.default;
    return fallback === undefined ? column(field) : `coalesce(${column(field)}, ${jsonbLiteral(fallback)})`;
  });
  const sorted = column(delivery.sort.field);
  return `json_build_array(${['id', `${sorted} IS NULL`, sorted, ...values].join(', ')})`;
}

const listedOf = ([id, keyIsNull, key, ...values]: unknown[]): Listed => ({ id: Number(id), key: keyIsNull ? undefined : key, values });

/**
 * What the module's lists show at the service now (ListedState), with their filters' values (every
 * filtered list is then one pass in memory). One pass over the service's records.
 */
export async function readListed(db: Queryable, delivered: DeliveredModule, serviceId: number): Promise<ListedState> {
  const { module } = delivered;
  const params: unknown[] = [];
  const where = conditions(delivered, { serviceId }, params);
  const bound = nextBound(delivered);
  const nestedBounds = withNested(delivered)
    .slice(1)
    .flatMap((within) => {
      const nested = nextBound(within);
      return nested ? [`(SELECT min(${nested}) FROM module_records WHERE ${owned(within.module.admin.resource)})`] : [];
    });
  const { rows } = await db.query<{ listed: unknown[][] | null; bounds: [number, number][] | null; nested: number | null }>(
    `SELECT json_agg(${listedArray(delivered)} ORDER BY ${ordering(delivered)}) FILTER (WHERE ${where}) AS listed,
            ${bound ? `json_agg(json_build_array(id, ${epochMs(bound)})) FILTER (WHERE ${bound} IS NOT NULL)` : 'NULL'} AS bounds,
            ${nestedBounds.length ? epochMs(`least(${nestedBounds.join(', ')})`) : 'NULL'} AS nested
       FROM module_records WHERE ${owned(module.admin.resource)}`,
    params,
  );
  const { listed, bounds, nested } = rows[0];
  return {
    listed: (listed ?? []).map(listedOf),
    bounds: new Map((bounds ?? []).map(([id, time]) => [Number(id), Number(time)])),
    nestedExpires: nested === null ? Infinity : Number(nested),
  };
}

/** Whether the database orders text by its code points (the C collation), as JavaScript can when it updates a kept list. */
export async function ordersTextByCodePoint(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ ordered: boolean }>(
    `SELECT datlocprovider = 'c' AND datcollate IN ('C', 'POSIX', 'C.UTF-8', 'C.utf8') AS ordered FROM pg_database WHERE datname = current_database()`,
  );
  return rows[0].ordered;
}

/** Changed records are re-read one by one up to this many; past it the whole list is read again. */
const CHANGED_AT_MOST = 1_000;

/**
 * Updates of what a module's lists show from the records the writes since changed
 * (site_delivery_changes, migration 256), each read planned once.
 */
export function listedUpdater() {
  const statements = new Map<string, { changes: ReturnType<typeof preparedStatement>; changed: ReturnType<typeof preparedStatement> }>();
  const statementsOf = (delivered: DeliveredModule) => {
    const { resource } = delivered.module.admin;
    let made = statements.get(resource);
    if (!made) {
      const bound = nextBound(delivered);
      made = {
        changes: preparedStatement(
          `site_delivery_changes_${resource}`,
          `SELECT ids FROM site_delivery_changes WHERE client_service_id = $1 AND resource = '${resource}' AND version > $2 AND version <= $3 ORDER BY version`,
          ['int', 'bigint', 'bigint'],
        ),
        changed: preparedStatement(
          `site_delivery_changed_${resource}`,
          `SELECT ${listedArray(delivered)} AS listed, ${conditions(delivered, { serviceId: 0 }, [])} AS shown, ${bound ? epochMs(bound) : 'NULL'} AS bound
             FROM module_records WHERE ${owned(resource)} AND id = ANY($2::bigint[])`,
          ['int', 'bigint[]'],
        ),
      };
      statements.set(resource, made);
    }
    return made;
  };

  /**
   * What the lists show at `version` of the module's records, from `held` (what they showed at
   * `heldVersion`) and the records changed since (`changed`, their ids); undefined when only reading them all can tell
   * (changes no longer logged, too many, or sort values whose order only the database knows).
   */
  return async function updateListed(
    db: Queryable,
    delivered: DeliveredModule,
    serviceId: number,
    held: ListedState,
    heldVersion: number,
    version: number,
    codePointOrder: boolean,
  ): Promise<(ListedState & { changed: number[] }) | undefined> {
    const { changes, changed } = statementsOf(delivered);
    const { rows: logged } = await changes<{ ids: string[] | null }>(db, [serviceId, heldVersion, version]);
    if (logged.length !== version - heldVersion || logged.some(({ ids }) => ids === null)) return undefined;
    const ids = [...new Set(logged.flatMap(({ ids }) => ids!.map(Number)))];
    if (ids.length > CHANGED_AT_MOST) return undefined;
    const { rows } = await changed<{ listed: unknown[]; shown: boolean; bound: number | null }>(db, [serviceId, ids]);
    const records = new Map<number, ChangedRecord>(ids.map((id) => [id, { id, key: undefined, values: [], shown: false, bound: null }]));
    for (const row of rows) {
      const listed = listedOf(row.listed);
      records.set(listed.id, { ...listed, shown: row.shown, bound: row.bound === null ? null : Number(row.bound) });
    }
    const listed = mergeListed(held.listed, [...records.values()], delivered.delivery.sort.order, codePointOrder);
    if (!listed) return undefined;
    const bounds = new Map(held.bounds);
    for (const { id, bound } of records.values()) {
      if (bound === null) bounds.delete(id);
      else bounds.set(id, bound);
    }
    return { listed, bounds, nestedExpires: held.nestedExpires, changed: ids };
  };
}

/** Not an order JavaScript can tell as the database does: the list is read again. */
class OrderUnknown extends Error {}

/** The rank of a JSONB scalar's type in PostgreSQL's order of JSONB values (null < string < number < boolean). */
function jsonbTypeRank(value: unknown): number {
  if (value === null) return 0;
  const rank = ['string', 'number', 'boolean'].indexOf(typeof value);
  if (rank < 0) throw new OrderUnknown();
  return rank + 1;
}

/**
 * The database's order of two sort values, as `ORDER BY … ASC` gives them: SQL NULL (undefined)
 * last, JSONB scalars by type, then by value; strings by their UTF-8 bytes, the order of the C
 * collation (only when `codePointOrder`). Arrays, objects and numbers JavaScript cannot tell apart
 * are OrderUnknown.
 */
function compareKeys(a: unknown, b: unknown, codePointOrder: boolean): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  const byType = jsonbTypeRank(a) - jsonbTypeRank(b);
  if (byType !== 0 || a === null) return byType;
  if (typeof a === 'string') {
    if (!codePointOrder) throw new OrderUnknown();
    return Buffer.compare(Buffer.from(a), Buffer.from(b as string));
  }
  if (typeof a === 'number' && a === b && !Number.isSafeInteger(a)) throw new OrderUnknown();
  return a === b ? 0 : (a as number) < (b as number) ? -1 : 1;
}

/**
 * The list `listed` (in the delivery's order) once the changed records are where they are now:
 * each taken out, and put back where its sort value and id place it when it is shown. Undefined
 * when the order of a changed record's sort value is one only the database knows.
 */
export function mergeListed(listed: readonly Listed[], changed: readonly ChangedRecord[], order: 'ASC' | 'DESC', codePointOrder: boolean): Listed[] | undefined {
  const direction = order === 'ASC' ? 1 : -1;
  const compare = (a: Listed, b: Listed) => direction * (compareKeys(a.key, b.key, codePointOrder) || a.id - b.id);
  const ids = new Set(changed.map(({ id }) => id));
  const merged = listed.filter(({ id }) => !ids.has(id));
  try {
    for (const record of changed) {
      if (!record.shown) continue;
      let low = 0;
      let high = merged.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (compare(merged[middle], record) < 0) low = middle + 1;
        else high = middle;
      }
      merged.splice(low, 0, { id: record.id, key: record.key, values: record.values });
    }
  } catch (error) {
    if (error instanceof OrderUnknown) return undefined;
    throw error;
  }
  return merged;
}

type FileUrl = (module: ModuleSchema, field: string, name: string) => string;

/**
 * Reads of delivered records by id and of the records within them by parent, each planned once
 * (module_records has dozens of partial indexes: planning costs the embedded database more than running).
 */
export function deliveredReader(fileUrl: FileUrl) {
  const statements = new Map<string, ReturnType<typeof preparedStatement>>();
  const rowsOf = (db: Queryable, delivered: DeliveredModule, serviceId: number, byParent: boolean, ids: number[]) => {
    const name = `site_delivery_${byParent ? 'children' : 'rows'}_${delivered.module.admin.resource}`;
    let statement = statements.get(name);
    if (!statement) {
      const sql = `SELECT id, parent_id, data FROM module_records WHERE ${conditions(delivered, byParent ? { serviceId: 0, parentIds: [] } : { serviceId: 0, ids: [] }, [])}${byParent ? ` ORDER BY ${ordering(delivered)}` : ''}`;
      statement = preparedStatement(name, sql, ['int', 'bigint[]']);
      statements.set(name, statement);
    }
    return statement<Row>(db, [serviceId, ids]);
  };

  /** The records with these ids that are shown now, in the order of `ids`, each with the records of its nested modules (one read per nested module). */
  async function read(db: Queryable, delivered: DeliveredModule, serviceId: number, ids: number[]): Promise<DeliveredRecord[]> {
    if (ids.length === 0) return [];
    const { rows } = await rowsOf(db, delivered, serviceId, false, ids);
    const order = new Map(ids.map((id, index) => [id, index]));
    const records = rows.map((row) => shape(delivered, row, fileUrl)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    await withChildren(db, delivered, serviceId, records);
    return records;
  }

  async function withChildren(db: Queryable, delivered: DeliveredModule, serviceId: number, records: DeliveredRecord[]): Promise<void> {
    const parentIds = records.map((record) => record.id);
    if (parentIds.length === 0) return;
    for (const nested of delivered.nested) {
      const byParent = new Map<number, DeliveredRecord[]>(parentIds.map((id) => [id, []]));
      const { rows } = await rowsOf(db, nested, serviceId, true, parentIds);
      const children = rows.map((row) => shape(nested, row, fileUrl));
      rows.forEach((row, index) => byParent.get(Number(row.parent_id))?.push(children[index]));
      await withChildren(db, nested, serviceId, children);
      for (const record of records) record[nested.delivery.within!] = byParent.get(record.id);
    }
  }

  return read;
}

/** A stored row as the site reads it: the public fields only (their default, else null, when unset), a file as its URL and its thumbnails' URLs. */
function shape({ module, delivery }: DeliveredModule, row: Row, fileUrl: FileUrl): DeliveredRecord {
  const record: DeliveredRecord = { id: Number(row.id) };
  for (const field of delivery.fields) {
    // An absent property reads as its default, as the panel shows it.
    const value = row.data[field] ?? module.schema.properties?.[field]?.default ?? null;
    const file = module.admin.files[field];
    if (!file || typeof value !== 'string') {
      record[field] = file ? null : value;
      continue;
    }
    record[field] = {
      url: fileUrl(module, field, value),
      thumbnails: Object.fromEntries(file.thumbnails.map((thumbnail) => [thumbnail.name, fileUrl(module, field, thumbnailName(value, thumbnail.name))])),
    };
  }
  return record;
}

/** The JSON Schema of a property as a site reads it: its type and shape, without the panel's annotations. */
function publicSchema(property: JsonSchema): JsonSchema {
  const choices = Array.isArray(property.oneOf) ? (property.oneOf as JsonSchema[]).map((choice) => choice.const).filter((value) => value !== undefined) : [];
  return {
    ...(property.type === undefined ? {} : { type: property.type }),
    ...(typeof property.format === 'string' ? { format: property.format } : {}),
    ...(typeof property.contentMediaType === 'string' ? { contentMediaType: property.contentMediaType } : {}),
    ...(choices.length ? { enum: choices } : {}),
    ...(property.items ? { items: publicSchema(property.items as JsonSchema) } : {}),
    ...(property.properties ? { type: 'object', properties: Object.fromEntries(Object.entries(property.properties).map(([name, nested]) => [name, publicSchema(nested)])) } : {}),
  };
}

const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

const FILE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { url: { type: 'string', format: 'uri' }, thumbnails: { type: 'object', additionalProperties: { type: 'string', format: 'uri' } } },
};

/** The OpenAPI schema of a delivered record: id, the public fields (each may be null), the nested modules' lists. */
export function deliveredRecordSchema(delivered: DeliveredModule, extra: Record<string, JsonSchema> = {}): JsonSchema {
  const { module, delivery } = delivered;
  const fields = Object.fromEntries(
    delivery.fields.map((field) => [field, nullable(module.admin.files[field] ? FILE_SCHEMA : publicSchema(module.schema.properties![field]))]),
  );
  const nested = Object.fromEntries(delivered.nested.map((child) => [child.delivery.within!, { type: 'array', items: deliveredRecordSchema(child) }]));
  const properties = { id: { type: 'integer' }, ...fields, ...nested, ...extra };
  return { type: 'object', properties, required: Object.keys(properties) };
}
