import { POSITION, type AdminDelivery, type JsonSchema, type ModuleSchema } from '../../../../common/schema';
import type { Queryable } from '../../../../server/platform/db';
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

/** The records a list, a record or a singleton read asks for, beside the module's own conditions. */
export interface Selection {
  serviceId: number;
  /** Property values the site filters by (delivery.filters), as JSON values. */
  filters?: Record<string, unknown>;
  id?: number;
  parentIds?: number[];
  limit?: number;
  offset?: number;
}

interface Row {
  id: number;
  parent_id: number | null;
  data: Record<string, unknown>;
}

const column = (field: string) => (field === 'id' ? 'id' : field === POSITION ? 'position' : `data->'${field}'`);

/**
 * The WHERE clause of a module's delivered records: the service's own (never another's, never a
 * user's), equal to the delivery's `where` (an absent property taking its schema default, as the
 * panel shows it) and to the site's filters, inside the `during` period now (an absent or empty
 * bound is open). Property names come from the registry, which checked them as identifiers.
 */
function conditions({ module, delivery }: DeliveredModule, selection: Selection, params: unknown[]): string {
  // The resource as a literal (an identifier the registry checked), so the planner can use the module's partial indexes.
  const where = [`resource = '${module.admin.resource}'`, `client_service_id = $${params.push(selection.serviceId)}`, 'user_id IS NULL'];
  for (const [field, value] of Object.entries({ ...delivery.where, ...selection.filters })) {
    const fallback = module.schema.properties?.[field]?.default;
    const stored = fallback === undefined ? column(field) : `coalesce(${column(field)}, $${params.push(JSON.stringify(fallback))}::jsonb)`;
    where.push(`${stored} = $${params.push(JSON.stringify(value))}::jsonb`);
  }
  const { during } = delivery;
  if (during?.from || during?.to) where.push(periodCondition('current', during.from ? jsonbBound(during.from) : undefined, during.to ? jsonbBound(during.to) : undefined));
  if (selection.id !== undefined) where.push(`id = $${params.push(selection.id)}`);
  if (selection.parentIds) where.push(`parent_id = ANY($${params.push(selection.parentIds)}::bigint[])`);
  return where.join(' AND ');
}

/** How many records a list of the module holds now. */
async function countDelivered(db: Queryable, delivered: DeliveredModule, selection: Selection): Promise<number> {
  const params: unknown[] = [];
  const { rows } = await db.query<{ total: number }>(`SELECT count(*) AS total FROM module_records WHERE ${conditions(delivered, selection, params)}`, params);
  return Number(rows[0].total);
}

type FileUrl = (module: ModuleSchema, field: string, name: string) => string;

/**
 * The module's delivered records in the delivery's order (a page of them when limited), each with
 * the records of its nested modules, read in one query per nested module for the whole page.
 */
export async function readDelivered(db: Queryable, delivered: DeliveredModule, selection: Selection, fileUrl: FileUrl): Promise<DeliveredRecord[]> {
  return (await readRows(db, delivered, selection, fileUrl)).records.map(({ record }) => record);
}

/** A page of the module's delivered records and how many the whole list holds, counted in the same scan. */
export async function readDeliveredPage(db: Queryable, delivered: DeliveredModule, selection: Selection, fileUrl: FileUrl): Promise<{ records: DeliveredRecord[]; total: number }> {
  const { records, total } = await readRows(db, delivered, selection, fileUrl, true);
  // A page past the end has no row to carry the count.
  return { records: records.map(({ record }) => record), total: total ?? (await countDelivered(db, delivered, selection)) };
}

/** The records with the parent each belongs to (null at the top), and with `counted` how many match in all (null: no row came). */
async function readRows(
  db: Queryable,
  delivered: DeliveredModule,
  selection: Selection,
  fileUrl: FileUrl,
  counted = false,
): Promise<{ records: { parentId: number | null; record: DeliveredRecord }[]; total: number | null }> {
  const params: unknown[] = [];
  const { field, order } = delivered.delivery.sort;
  const page = selection.limit === undefined ? '' : ` LIMIT $${params.push(selection.limit)} OFFSET $${params.push(selection.offset ?? 0)}`;
  const { rows } = await db.query<Row & { total?: number }>(
    `SELECT id, parent_id, data${counted ? ', count(*) OVER () AS total' : ''} FROM module_records WHERE ${conditions(delivered, selection, params)}
      ORDER BY ${column(field)} ${order}, id ${order}${page}`,
    params,
  );
  const records = rows.map((row) => ({ parentId: row.parent_id === null ? null : Number(row.parent_id), record: shape(delivered, row, fileUrl) }));
  const ids = records.map(({ record }) => record.id);
  for (const nested of delivered.nested) {
    const children = ids.length ? (await readRows(db, nested, { serviceId: selection.serviceId, parentIds: ids }, fileUrl)).records : [];
    for (const { record } of records) record[nested.delivery.within!] = children.filter((child) => child.parentId === record.id).map((child) => child.record);
  }
  return { records, total: rows[0]?.total === undefined ? null : Number(rows[0].total) };
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
