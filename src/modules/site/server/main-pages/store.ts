import type { Queryable } from '../../../../server/platform/db';
import { COMPONENTS, type Component } from './catalogue';

export interface PageRow {
  id: number;
  prefix: string;
  position: number;
}

export interface SectionRow {
  id: number;
  main_page_id: number;
  page_prefix: string;
  section_prefix: string;
  container_prefix: string;
  name: string;
  component_name: string;
  data_mode: 'latest' | 'category';
  data_category: number | null;
  view_prefix: number;
  background_color: string | null;
  icon_file: string | null;
  background_file: string | null;
  status: 'on' | 'off';
  position: number;
}

/** A record of a site module as a section shows it. */
export interface ItemRecord {
  row_id: number;
  component_name: string;
  name: string;
  text: string | null;
  link: string | null;
}

/** Where pictures go in the file store, and where they are served from (public by their random names). */
export const PICTURE_FOLDER = 'uploads';
export const pictureUri = (name: string | null) => (name ? `/api/uploads/${name}` : null);

/** A section as the API answers it. */
export function sectionOutput(row: SectionRow) {
  return {
    id: Number(row.id),
    section_id: Number(row.id),
    page_prefix: row.page_prefix,
    section_prefix: row.section_prefix,
    container_prefix: row.container_prefix,
    name: row.name,
    component_name: row.component_name,
    data_mode: row.data_mode,
    data_category: row.data_category === null ? null : Number(row.data_category),
    view_prefix: Number(row.view_prefix),
    background_color: row.background_color,
    icon_uri: pictureUri(row.icon_file),
    background_uri: pictureUri(row.background_file),
    status: row.status,
    position: Number(row.position),
  };
}

const SECTION_COLUMNS = `s.id, s.main_page_id, p.prefix AS page_prefix, s.section_prefix, s.container_prefix, s.name, s.component_name, s.data_mode,
  s.data_category, s.view_prefix, s.background_color, s.icon_file, s.background_file, s.status, s.position`;

export async function pagesOf(db: Queryable, serviceId: number): Promise<(PageRow & { sections: number })[]> {
  const { rows } = await db.query<PageRow & { sections: string }>(
    `SELECT p.id, p.prefix, p.position, (SELECT count(*) FROM main_page_sections s WHERE s.main_page_id = p.id) AS sections
       FROM main_pages p WHERE p.client_service_id = $1 ORDER BY p.position, p.id`,
    [serviceId],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), sections: Number(row.sections) }));
}

export async function pageOf(db: Queryable, serviceId: number, prefix: string): Promise<PageRow | null> {
  const { rows } = await db.query<PageRow>('SELECT id, prefix, position FROM main_pages WHERE client_service_id = $1 AND prefix = $2', [serviceId, prefix]);
  return rows[0] ? { ...rows[0], id: Number(rows[0].id) } : null;
}

/** The page's sections in their order (only those switched on, for the public page). */
export async function sectionsOf(db: Queryable, pageId: number, options: { limit?: number; onlyOn?: boolean } = {}): Promise<SectionRow[]> {
  const { rows } = await db.query<SectionRow>(
    `SELECT ${SECTION_COLUMNS} FROM main_page_sections s JOIN main_pages p ON p.id = s.main_page_id
      WHERE s.main_page_id = $1 AND ($2::boolean IS NOT TRUE OR s.status = 'on') ORDER BY s.position, s.id LIMIT $3`,
    [pageId, options.onlyOn ?? false, options.limit ?? null],
  );
  return rows;
}

export async function sectionOf(db: Queryable, serviceId: number, pagePrefix: string, sectionId: number, lock = false): Promise<SectionRow | null> {
  const { rows } = await db.query<SectionRow>(
    `SELECT ${SECTION_COLUMNS} FROM main_page_sections s JOIN main_pages p ON p.id = s.main_page_id
      WHERE s.id = $1 AND s.client_service_id = $2 AND p.prefix = $3${lock ? ' FOR UPDATE OF s' : ''}`,
    [sectionId, serviceId, pagePrefix],
  );
  return rows[0] ?? null;
}

/** Every section of the service, with how many items it holds of each component, for GET .../main_pages/sections. */
export async function allSections(db: Queryable, serviceId: number): Promise<(SectionRow & { items: Record<string, number[]> | null })[]> {
  const { rows } = await db.query<SectionRow & { items: Record<string, number[]> | null }>(
    `SELECT ${SECTION_COLUMNS},
            (SELECT jsonb_object_agg(component_name, rows) FROM (SELECT i.component_name, jsonb_agg(i.row_id) AS rows FROM main_page_section_items i
               WHERE i.section_id = s.id GROUP BY i.component_name) grouped) AS items
       FROM main_page_sections s JOIN main_pages p ON p.id = s.main_page_id
      WHERE s.client_service_id = $1 ORDER BY p.position, s.position, s.id`,
    [serviceId],
  );
  return rows;
}

/** Puts rows in the order of ids (a permutation of them all, checked by the caller). */
export async function reorder(tx: Queryable, table: 'main_page_sections' | 'main_page_section_items', ids: number[]): Promise<void> {
  await tx.query(`UPDATE ${table} t SET position = o.position FROM unnest($1::int[]) WITH ORDINALITY AS o(id, position) WHERE t.id = o.id`, [ids]);
}

const escapeLike = (phrase: string) => phrase.replace(/[\\%_]/g, (character) => `\\${character}`);

/** SQL of a component's record as an item: id, label, text and link. */
const itemColumns = (component: Component) =>
  `r.id AS row_id, r.data->>'${component.label}' AS name, ${component.text ? `r.data->>'${component.text}'` : 'NULL'} AS text, ${component.link ? `r.data->>'${component.link}'` : 'NULL'} AS link`;

function items(rows: (Omit<ItemRecord, 'component_name'> & { id?: number })[], componentName: string): ItemRecord[] {
  return rows.map((row) => ({ row_id: Number(row.row_id), component_name: componentName, name: row.name ?? '', text: row.text, link: row.link }));
}

/** The service's records of a component a section may take, newest first: by a phrase in their label, without those a section holds already. */
export async function pickable(
  db: Queryable,
  serviceId: number,
  componentName: string,
  query: { phrase?: string; excludedSectionId?: number; limit: number; offset: number },
): Promise<{ data: ItemRecord[]; total: number }> {
  const component = COMPONENTS[componentName];
  const where = `r.resource = $1 AND r.client_service_id = $2
      AND ($3::text IS NULL OR r.data->>'${component.label}' ILIKE '%' || $3 || '%')
      AND ($4::int IS NULL OR NOT EXISTS (SELECT 1 FROM main_page_section_items i WHERE i.section_id = $4 AND i.row_id = r.id))`;
  const params = [component.resource, serviceId, query.phrase === undefined ? null : escapeLike(query.phrase), query.excludedSectionId ?? null];
  const [page, count] = await Promise.all([
    db.query<ItemRecord>(`SELECT ${itemColumns(component)} FROM module_records r WHERE ${where} ORDER BY r.id DESC LIMIT $5 OFFSET $6`, [...params, query.limit, query.offset]),
    db.query<{ total: string }>(`SELECT count(*) AS total FROM module_records r WHERE ${where}`, params),
  ]);
  return { data: items(page.rows, componentName), total: Number(count.rows[0].total) };
}

/** One record of the service as an item; null when it is not the service's or not of that component. */
export async function recordAsItem(db: Queryable, serviceId: number, componentName: string, rowId: number): Promise<ItemRecord | null> {
  const component = COMPONENTS[componentName];
  const { rows } = await db.query<ItemRecord>(`SELECT ${itemColumns(component)} FROM module_records r WHERE r.id = $1 AND r.resource = $2 AND r.client_service_id = $3`, [
    rowId,
    component.resource,
    serviceId,
  ]);
  return items(rows, componentName)[0] ?? null;
}

/** A section's picked items of one component, in their order, with their records. */
export async function sectionItems(
  db: Queryable,
  sectionId: number,
  query: { componentName: string; limit: number; offset: number },
): Promise<{ data: (ItemRecord & { id: number; position: number })[]; total: number }> {
  const component = COMPONENTS[query.componentName];
  const from = `FROM main_page_section_items i JOIN module_records r ON r.id = i.row_id AND r.resource = $2 WHERE i.section_id = $1 AND i.component_name = $3`;
  const params = [sectionId, component.resource, query.componentName];
  const [page, count] = await Promise.all([
    db.query<ItemRecord & { id: number; position: number }>(`SELECT i.id, i.position, ${itemColumns(component)} ${from} ORDER BY i.position, i.id LIMIT $4 OFFSET $5`, [...params, query.limit, query.offset]),
    db.query<{ total: string }>(`SELECT count(*) AS total ${from}`, params),
  ]);
  return {
    data: page.rows.map((row) => ({ ...row, component_name: query.componentName, id: Number(row.id), position: Number(row.position), row_id: Number(row.row_id), name: row.name ?? '' })),
    total: Number(count.rows[0].total),
  };
}

/** The newest shown records of a component, of one category when given: what a section with no picked items shows. */
export async function latestShown(db: Queryable, serviceId: number, componentName: string, category: number | null, limit: number): Promise<ItemRecord[]> {
  const component = COMPONENTS[componentName];
  const { rows } = await db.query<ItemRecord>(
    `SELECT ${itemColumns(component)} FROM module_records r
      WHERE r.resource = $1 AND r.client_service_id = $2${component.shown ? ` AND (r.data->>'${component.shown}')::boolean IS TRUE` : ''}
        AND ($3::bigint IS NULL OR r.data->'${component.category?.field ?? 'category_id'}' = to_jsonb($3::bigint))
      ORDER BY r.id DESC LIMIT $4`,
    [component.resource, serviceId, category, limit],
  );
  return items(rows, componentName);
}

/** An SQL expression choosing, by the item's component, which field of its record to read. */
function byComponent(pick: (component: Component) => string | undefined): string {
  const cases = Object.entries(COMPONENTS)
    .map(([name, component]) => [name, pick(component)])
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, field]) => `WHEN '${name}' THEN r.data->>'${field}'`);
  return cases.length ? `CASE i.component_name ${cases.join(' ')} END` : 'NULL';
}

/** The published items picked for the sections, in their order, read in one query for a whole page: by section id. */
export async function shownItemsOf(db: Queryable, sectionIds: number[]): Promise<Map<number, ItemRecord[]>> {
  const resources = Object.entries(COMPONENTS).map(([name, component]) => `(i.component_name = '${name}' AND r.resource = '${component.resource}')`);
  const { rows } = await db.query<ItemRecord & { section_id: number; shown: string | null }>(
    `SELECT i.section_id, i.component_name, r.id AS row_id, ${byComponent((component) => component.label)} AS name, ${byComponent((component) => component.text)} AS text,
            ${byComponent((component) => component.link)} AS link, ${byComponent((component) => component.shown)} AS shown
       FROM main_page_section_items i JOIN module_records r ON r.id = i.row_id
      WHERE i.section_id = ANY($1::int[]) AND (${resources.join(' OR ')})
      ORDER BY i.section_id, i.position, i.id`,
    [sectionIds],
  );
  const items = new Map<number, ItemRecord[]>();
  for (const row of rows) {
    // A module without a published flag (forms) shows every record; the others only those published.
    if (COMPONENTS[row.component_name].shown && row.shown !== 'true') continue;
    const section = Number(row.section_id);
    items.set(section, [...(items.get(section) ?? []), { row_id: Number(row.row_id), component_name: row.component_name, name: row.name ?? '', text: row.text, link: row.link }]);
  }
  return items;
}
