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

/** A record a list of the module shows now: its id and the values of the delivery's filters, in their order. */
export interface Listed {
  id: number;
  values: unknown[];
}

/** The module and the modules delivered within it, recursively. */
const withNested = (delivered: DeliveredModule): DeliveredModule[] => [delivered, ...delivered.nested.flatMap(withNested)];

/**
 * The records the module's lists show now, in the delivery's order, with their filters' values
 * (every filtered list is then one pass in memory), and when (ms since the epoch) the next bound
 * of a `during` period among the service's records of the module and of those within it passes,
 * changing what is shown (Infinity: none lies ahead). One pass over the service's records.
 */
export async function readListed(db: Queryable, delivered: DeliveredModule, serviceId: number): Promise<{ listed: Listed[]; expires: number }> {
  const { module, delivery } = delivered;
  const params: unknown[] = [];
  const where = conditions(delivered, { serviceId }, params);
  const values = delivery.filters.map((field) => {
    const fallback = module.schema.properties?.[field]?.default;
    return fallback === undefined ? column(field) : `coalesce(${column(field)}, ${jsonbLiteral(fallback)})`;
  });
  const owned = (resource: string) => `resource = '${resource}' AND client_service_id = $1 AND user_id IS NULL`;
  const bounds = withNested(delivered).flatMap((within) =>
    [within.delivery.during?.from, within.delivery.during?.to]
      .filter((field): field is string => field !== undefined)
      .map((field) => {
        const { open, time } = jsonbBound(field);
        const bound = `min(CASE WHEN ${open} THEN NULL WHEN ${time} > now() THEN ${time} END)`;
        return within === delivered ? bound : `(SELECT ${bound} FROM module_records WHERE ${owned(within.module.admin.resource)})`;
      }),
  );
  const { rows } = await db.query<{ listed: [number, ...unknown[]][] | null; next: number | null }>(
    `SELECT json_agg(json_build_array(${['id', ...values].join(', ')}) ORDER BY ${ordering(delivered)}) FILTER (WHERE ${where}) AS listed,
            ${bounds.length ? `extract(epoch FROM least(${bounds.join(', ')})) * 1000` : 'NULL'} AS next
       FROM module_records WHERE ${owned(module.admin.resource)}`,
    params,
  );
  const { listed, next } = rows[0];
  return { listed: (listed ?? []).map(([id, ...filtered]) => ({ id: Number(id), values: filtered })), expires: next === null ? Infinity : Number(next) };
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
