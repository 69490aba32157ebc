import type { FastifyInstance } from 'fastify';
import { referenceOf, type AdminReference, type ModuleSchema } from '../../../common/schema';
import type { Queryable } from '../../platform/db';
import { assertValidForm } from '../../platform/http/errors';
import type { Capability, ModuleRoutes } from '../module-routes';
import type { Owner, StoredRecord } from '../storage';

/** A property of another module naming records of this one by a field other than the id. */
interface Referrer {
  resource: string;
  property: string;
  /** The field of the referenced record the property holds (its name, ...). */
  by: string;
  many: boolean;
  changedMany(db: Queryable, owner: Owner): Promise<void>;
}

/** Each app's referrers by referenced resource, found on a module's first write (the modules are fixed once loaded). */
const found = new WeakMap<FastifyInstance['schemaModules'], Map<string, Referrer[]>>();

/**
 * The by-field references to a module: names follow their records. Ids never change, so a
 * reference by id needs nothing; one by a field (a recipient's tags by the tag's name) does.
 * Only top-level modules stored in module_records are followed (the referenced module is a
 * top-level one of the same scope, so the owner is the same).
 */
function referrers(app: FastifyInstance, module: ModuleSchema): Referrer[] {
  let byResource = found.get(app.schemaModules);
  if (!byResource) found.set(app.schemaModules, (byResource = new Map()));
  let list = byResource.get(module.admin.resource);
  if (list) return list;
  list = [];
  for (const other of app.schemaModules.values()) {
    const { admin, schema } = other.module;
    if (admin.storage || admin.parent) continue;
    for (const [property, definition] of Object.entries(schema.properties ?? {})) {
      const reference = referenceOf(admin.resource, property, definition);
      if (reference?.resource !== module.admin.resource || reference.field === 'id') continue;
      list.push({ resource: admin.resource, property, by: reference.field, many: definition.type === 'array', changedMany: (db, owner) => other.store.changedMany(db, owner) });
    }
  }
  byResource.set(module.admin.resource, list);
  return list;
}

const OWNED = 'resource = $1 AND client_service_id IS NOT DISTINCT FROM $2 AND user_id IS NOT DISTINCT FROM $3';

/**
 * A referenced record was renamed (the field its referrers hold changed): every record of the
 * owner naming the old value names the new one, in the same transaction. A list that then holds
 * the new value twice keeps it once, where it came first.
 */
async function followRename(app: FastifyInstance, tx: Queryable, module: ModuleSchema, owner: Owner, before: StoredRecord, after: StoredRecord): Promise<void> {
  for (const referrer of referrers(app, module)) {
    const from = before.values[referrer.by];
    const to = after.values[referrer.by];
    if (typeof from !== 'string' || typeof to !== 'string' || from === to) continue;
    // Identifiers were checked by the registry, so the expressions are those the indexes hold.
    const value = `data->'${referrer.property}'`;
    const { affectedRows } = referrer.many
      ? await tx.query(
          `UPDATE module_records SET updated_at = now(), data = jsonb_set(data, '{${referrer.property}}', (
             SELECT coalesce(jsonb_agg(to_jsonb(kept.v) ORDER BY kept.o), '[]'::jsonb) FROM (
               SELECT DISTINCT ON (named.v) named.v, named.o FROM (
                 SELECT CASE WHEN e.v = $4 THEN $5 ELSE e.v END AS v, e.o FROM jsonb_array_elements_text(${value}) WITH ORDINALITY AS e(v, o)
               ) named ORDER BY named.v, named.o) kept))
            WHERE ${OWNED} AND ${value} @> jsonb_build_array($4::text)`,
          [referrer.resource, owner.serviceId, owner.userId, from, to],
        )
      : await tx.query(`UPDATE module_records SET updated_at = now(), data = jsonb_set(data, '{${referrer.property}}', to_jsonb($5::text)) WHERE ${OWNED} AND data->>'${referrer.property}' = $4`, [
          referrer.resource,
          owner.serviceId,
          owner.userId,
          from,
          to,
        ]);
    if (affectedRows > 0) await referrer.changedMany(tx, owner);
  }
}

/**
 * A referenced record was deleted: lists naming it (a recipient's tags) drop it, in the same
 * transaction, so no record is left naming what is gone (its next save would be refused). A single
 * value naming it is left as it is: the record's next save then asks for another choice.
 */
async function followRemoval(app: FastifyInstance, tx: Queryable, module: ModuleSchema, owner: Owner, removed: StoredRecord): Promise<void> {
  for (const referrer of referrers(app, module)) {
    const gone = removed.values[referrer.by];
    if (!referrer.many || typeof gone !== 'string') continue;
    const value = `data->'${referrer.property}'`;
    const { affectedRows } = await tx.query(
      `UPDATE module_records SET updated_at = now(), data = jsonb_set(data, '{${referrer.property}}', (
         SELECT coalesce(jsonb_agg(e.v ORDER BY e.o), '[]'::jsonb) FROM jsonb_array_elements(${value}) WITH ORDINALITY AS e(v, o) WHERE e.v <> to_jsonb($4::text)))
        WHERE ${OWNED} AND ${value} @> jsonb_build_array($4::text)`,
      [referrer.resource, owner.serviceId, owner.userId, gone],
    );
    if (affectedRows > 0) await referrer.changedMany(tx, owner);
  }
}

/** The properties of a module naming records of another module (x-ref), found once. */
const referencesFound = new WeakMap<ModuleSchema, { field: string; reference: AdminReference }[]>();

function referencesOf(module: ModuleSchema) {
  let references = referencesFound.get(module);
  if (!references) {
    references = Object.entries(module.schema.properties ?? {}).flatMap(([field, property]) => {
      const reference = referenceOf(module.admin.resource, field, property);
      return reference ? [{ field, reference }] : [];
    });
    referencesFound.set(module, references);
  }
  return references;
}

/** Whether the field a reference holds is unique ignoring case in the referenced module. */
function referencedIgnoringCase(routes: ModuleRoutes, reference: AdminReference): boolean {
  const referenced = routes.app.schemaModules.get(reference.resource)?.module.admin;
  return !!referenced?.unique.some((key) => key.ignoreCase === true && key.fields.length === 1 && key.fields[0] === reference.field);
}

/**
 * x-ref: every save checks that each value names a record of the same owner (400 otherwise), and a
 * reference by a field follows its record's renaming and removal. Resolves to the values with each
 * reference by a field that is unique ignoring case (a tag's name) written as the referenced record
 * spells it: "vip" names the tag "VIP", as the uniqueness that refuses a second "vip" says it does.
 */
export const references: Capability = {
  async check(db, routes, owner, values) {
    const missing: Record<string, string> = {};
    const spelled: Record<string, unknown> = {};
    for (const { field, reference } of referencesOf(routes.module)) {
      const given = values[field];
      const many = Array.isArray(given);
      const named = (many ? given : given === undefined || given === null ? [] : [given]).map(String);
      if (named.length === 0) continue;
      const ignoreCase = referencedIgnoringCase(routes, reference);
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
  },
  async stored(tx, routes, { owner, before, after }) {
    if (before && after) await followRename(routes.app, tx, routes.module, owner, before, after);
    else if (before) await followRemoval(routes.app, tx, routes.module, owner, before);
  },
};
