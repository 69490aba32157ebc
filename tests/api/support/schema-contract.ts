import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, createRegistry, referenceOf, type JsonSchema, type ModuleSchema, type PathParams } from '../../../src/common/schema';
import { t } from '../../../src/server/platform/http/errors';
import { existingModules } from '../../../src/modules/services/server';
import { readSchemaFolder } from '../../../src/server/schema/folder';
import { SERVICE_KINDS, TEMPLATE_FEATURES, type TemplateSettings } from '../../../src/server/schema/flags';
import { createTestApp, type TestApp } from './app';

/**
 * The contract every schema file promises, checked for each file of a schemas folder with no test
 * written for it: create, read, list, update and delete (or save and read for a singleton) through its
 * API; Polish messages for an empty body; its toasts in the catalogue; another client and an unknown
 * service refused alike; writes refused to whom x-admin refuses them; its flags hiding it with 404;
 * its update actions; a nested module under a foreign parent refused as a foreign service. Each
 * service-scope module is checked on a service the suite makes and grants it, never on demo seed lines.
 * A record to write comes from the schema's first `examples` entry, or is made from its rules.
 */

/** Modules whose records name another service's records, which no rule can make up: each keeps the contract in its own file. */
const OWN_CONTRACT: Record<string, string> = { imports: 'tests/api/site-imports.test.ts' };

let counter = 0;
/** A value the property's rules accept (enough for the common shapes; a schema with more gives `examples`). */
function sample(schema: JsonSchema): unknown {
  counter += 1;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.oneOf) && (schema.oneOf as JsonSchema[])[0] && 'const' in (schema.oneOf as JsonSchema[])[0]) return (schema.oneOf as JsonSchema[])[0].const;
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return `kontrakt${counter}@example.com`;
      if (schema.format === 'url' || schema.format === 'uri') return `https://example.com/kontrakt/${counter}`;
      if (schema.format === 'date') return '2026-11-23';
      if (schema.format === 'date-time') return '2026-11-23T10:00:00+01:00';
      const min = Number(schema.minLength ?? 0);
      const max = Number(schema.maxLength ?? 64);
      return `Kontrakt ${counter}`.padEnd(min, 'x').slice(0, Math.max(min, Math.min(max, 64)));
    }
    case 'integer':
    case 'number': {
      const minimum = typeof schema.minimum === 'number' ? schema.minimum : 1;
      return typeof schema.maximum === 'number' ? Math.min(minimum, schema.maximum) : minimum;
    }
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Number(schema.minItems ?? 0) }, () => sample(schema.items as JsonSchema));
    case 'object':
      return recordOf(schema);
    default:
      return null;
  }
}

function recordOf(schema: JsonSchema): Record<string, unknown> {
  const example = (schema.examples as Record<string, unknown>[] | undefined)?.[0];
  if (example) return structuredClone(example);
  return Object.fromEntries((schema.required ?? []).map((field) => [field, sample(schema.properties?.[field] ?? {})]));
}

export interface ContractOptions {
  /** The schemas folder the server reads (SCHEMAS_DIR). */
  schemasDir: string;
  /** The modules to check; default every one with CRUD. */
  only?: (module: ModuleSchema) => boolean;
}

/** Declares the contract's tests for the folder's modules; answers what a file adding its own checks needs. */
export function describeSchemaContract({ schemasDir, only = () => true }: ContractOptions) {
  const registry = createRegistry(readSchemaFolder(schemasDir), 'panel');
  const modules = registry.modules.filter((module) => module.admin.crud && !(module.admin.resource in OWN_CONTRACT) && only(module));

  let test: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    test = await createTestApp({ schemasDir });
    for (const username of ['admin', 'klient', 'klient2']) tokens[username] = (await test.login(username)).access_token;
  });
  afterAll(async () => test?.close());

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
  const call = (method: Method, path: string, as: string, payload?: unknown) => test.call({ method, url: `/api${path}`, token: tokens[as], payload });

  /** Where a module's contract is checked: a service that has the module (and its flags), with its owner and a stranger. */
  interface Place {
    params: PathParams;
    owner: string;
    stranger?: string;
    /** A service of the owner with the module where its flags do not hold (when it has any but record: ones). */
    hidden?: { params: PathParams; as: string };
  }

  /**
   * A client service made for the module's contract: owned (site admin) by `owner`, granted every
   * module the panel has (the module, its parents' and references', those its example names), and with
   * its flags holding (the kind, a template with the features, the service flags) or, for the 404
   * check, none of them (another kind, no template, no flags). Nothing relies on demo seed lines.
   */
  async function serviceFor(module: ModuleSchema, owner: string, flagsHolding: boolean): Promise<number> {
    const { admin } = module;
    const named = (kind: string) => admin.flags.filter((flag) => flag.startsWith(`${kind}:`)).map((flag) => flag.slice(kind.length + 1));
    const kinds = named('kind').map((group) => SERVICE_KINDS[group] ?? []);
    const kind = flagsHolding ? ([2, 4, 1, 3].find((candidate) => kinds.every((group) => group.includes(candidate))) ?? 2) : ([1, 2, 3, 4].find((candidate) => !kinds.flat().includes(candidate)) ?? 1);
    let template: number | null = null;
    if (flagsHolding) {
      const { rows } = await test.ctx.db.query<{ id: number; settings: TemplateSettings }>('SELECT id, settings FROM appearance_templates ORDER BY id');
      const features = named('template');
      const fit = rows.find((row) => features.every((feature) => TEMPLATE_FEATURES[feature]?.(row.settings)));
      if (!fit) throw new Error(`${admin.resource}: no appearance template has the features ${features.join(', ')}`);
      template = fit.id;
    }
    const { rows } = await test.ctx.db.query<{ id: number }>(
      `INSERT INTO client_services (name, type_id, kind_id, client_id, template_id) VALUES ($1, 1, $2, 0, $3) RETURNING id`,
      [`Kontrakt: ${admin.resource}`, kind, template],
    );
    const serviceId = rows[0].id;
    await test.ctx.db.query('INSERT INTO client_service_modules (client_service_id, module) SELECT $1, unnest($2::text[])', [serviceId, existingModules(test.app)]);
    await test.ctx.db.query('INSERT INTO client_service_users (client_service_id, user_id, is_admin) SELECT $1, id, TRUE FROM users WHERE username = $2', [serviceId, owner]);
    if (flagsHolding) for (const flag of named('service')) await test.ctx.db.query('INSERT INTO client_service_flags (client_service_id, flag) VALUES ($1, $2)', [serviceId, flag]);
    return serviceId;
  }

  const places = new Map<string, Promise<Place>>();

  /** Where a module's contract is checked, made once per module. */
  function placeOf(module: ModuleSchema): Promise<Place> {
    const { admin } = module;
    if (!places.has(admin.resource)) places.set(admin.resource, makePlace(module));
    return places.get(admin.resource)!;
  }

  async function makePlace(module: ModuleSchema): Promise<Place> {
    const { admin } = module;
    if (admin.scope === 'admin') return { params: {}, owner: 'admin', stranger: 'klient' };
    if (admin.scope === 'user') return { params: {}, owner: 'klient' };
    const owner = 'klient';
    const flagged = admin.flags.some((flag) => !flag.startsWith('record:'));
    return {
      params: { service_id: await serviceFor(module, owner, true) },
      owner,
      stranger: 'klient2',
      ...(flagged ? { hidden: { params: { service_id: await serviceFor(module, owner, false) }, as: owner } } : {}),
    };
  }

  /** The records made for the references of the records a test writes: removed after it, newest first. */
  const madeForReferences: { admin: ModuleSchema['admin']; params: PathParams; id: number }[] = [];

  /**
   * A record of the module for the place: made from its rules, with its references (x-ref) naming
   * records of the referenced module created for it (recursively): by id when required or a single
   * value (a news item's category, an editor's role, a mailing's template), by field when the rules
   * give a value (a recipient's tags by name).
   */
  async function recordAt(module: ModuleSchema, params: PathParams, writer: string): Promise<Record<string, unknown>> {
    const values = recordOf(module.schema);
    const required = module.schema.required ?? [];
    for (const [field, property] of Object.entries(module.schema.properties ?? {})) {
      const reference = referenceOf(module.admin.resource, field, property);
      if (!reference) continue;
      const given = values[field];
      const named = given !== undefined && !(Array.isArray(given) && given.length === 0);
      if (reference.field === 'id' ? !(named || required.includes(field) || property.type === 'integer') : !named) continue;
      const referenced = registry.byResource(reference.resource)!;
      const created = await call('POST', apiPaths(referenced.admin, params).collection, writer, await recordAt(referenced, params, writer));
      expect(created.statusCode, created.body).toBe(201);
      madeForReferences.push({ admin: referenced.admin, params, id: created.json().id });
      const value = created.json()[reference.field];
      values[field] = property.type === 'array' ? [value] : value;
    }
    return values;
  }

  /** The params of a nested module's place: a parent record created for the test (recursively). */
  async function withParents(module: ModuleSchema, place: Place, writer: string): Promise<PathParams> {
    const parentResource = module.admin.parent?.resource;
    if (!parentResource) return place.params;
    const parent = registry.byResource(parentResource)!;
    const params = await withParents(parent, place, writer);
    // The parent fields the child's record: flags need, set (an item that has videos, for its videos).
    const flagged = Object.fromEntries(module.admin.flags.filter((flag) => flag.startsWith('record:')).map((flag) => [flag.slice('record:'.length), true]));
    const created = await call('POST', apiPaths(parent.admin, params).collection, writer, { ...(await recordAt(parent, params, writer)), ...flagged });
    expect(created.statusCode, created.body).toBe(201);
    return { ...params, [module.admin.parent!.param]: created.json().id };
  }

  const isCatalogueKey = (text: unknown) => typeof text === 'string' && /^[a-z_]+(\.[a-z0-9_]+)+$/.test(text);

  describe.each(modules.map((module) => [module.admin.resource, module] as const))('the %s schema module', (_resource, module) => {
    const { admin } = module;

    it('keeps its contract: CRUD (or save and read), Polish messages, toasts in the catalogue', async () => {
      const place = await placeOf(module);
      const writer = admin.writeRole === 'root' ? 'admin' : place.owner;
      const params = await withParents(module, place, writer);
      const paths = apiPaths(admin, params);
      for (const key of Object.values(admin.messages)) expect(t(key), key).not.toBe(key);
      for (const action of admin.actions) for (const key of [action.message, action.label, ...(action.description ? [action.description] : []), ...Object.values(action.messages ?? {})]) expect(t(key), key).not.toBe(key);

      if (!admin.writable) {
        // Written by the panel itself (a history): read through the API, never written.
        expect((await call('GET', paths.collection, place.owner)).statusCode).toBe(200);
        expect((await call('POST', paths.collection, writer, recordOf(module.schema))).statusCode).toBe(404);
        return;
      }
      if (admin.singleton) {
        const saved = await call('POST', paths.collection, writer, recordOf(module.schema));
        expect(saved.statusCode, saved.body).toBeLessThan(300);
        const read = await call('GET', paths.read, place.owner);
        expect(read.statusCode).toBe(200);
        expect(read.json()).toMatchObject(recordOf(module.schema));
      } else {
        const values = await recordAt(module, params, writer);
        const created = await call('POST', paths.collection, writer, values);
        expect(created.statusCode, created.body).toBe(201);
        const { id } = created.json();
        expect((await call('GET', paths.item(id), place.owner)).json()).toMatchObject({ id, ...values });
        // A module split by a period lists the example in the period it falls in (a future version among the future ones).
        const period = admin.list.filters?.find((filter) => filter.op === 'period');
        const periodQuery = period ? `&${period.param ?? 'period'}=${Date.parse(String(values[period.field])) > Date.now() ? 'future' : 'current'}` : '';
        const list = (await call('GET', `${paths.collection}?per_page=100${periodQuery}`, place.owner)).json();
        expect(list.pagination.total).toBeGreaterThan(0);
        expect(list.data.some((row: { id: number }) => row.id === id)).toBe(true);
        const updated = await call('PUT', paths.item(id), writer, values);
        expect(updated.statusCode, updated.body).toBe(200);

        for (const action of admin.actions.filter((candidate) => candidate.handler === 'update')) {
          const body = recordOf(action.body!);
          const acted = await call(action.method, `${paths.item(id)}/${action.path}`, writer, body);
          expect(acted.statusCode, `${action.name}: ${acted.body}`).toBe(200);
          expect(acted.json()).toMatchObject(body);
        }

        expect((await call('DELETE', paths.item(id), writer)).statusCode).toBe(204);
        expect((await call('GET', paths.item(id), place.owner)).statusCode).toBe(404);
        // The records made for its references go too, so a later module's own records stay unique.
        for (const made of madeForReferences.splice(0).reverse()) {
          expect((await call('DELETE', apiPaths(made.admin, made.params).item(made.id), writer)).statusCode).toBe(204);
        }
      }

      // An empty body: 400 with the SPEC 8 detail and Polish texts, never catalogue keys.
      const required = module.schema.required ?? [];
      if (required.length) {
        const empty = await call('POST', paths.collection, writer, {});
        expect(empty.statusCode).toBe(400);
        expect(empty.json().detail).toBe('Proszę poprawnie wypełnić formularz.');
        for (const message of Object.values(empty.json().errors ?? {})) expect(isCatalogueKey(message), String(message)).toBe(false);
      }
    });

    it('refuses another client, an unknown service and a foreign parent alike, and whom x-admin refuses writes', async () => {
      const place = await placeOf(module);
      const writer = admin.writeRole === 'root' ? 'admin' : place.owner;
      const params = await withParents(module, place, writer);
      const paths = apiPaths(admin, params);
      if (place.stranger) {
        const foreign = await call('GET', admin.singleton ? paths.read : paths.collection, place.stranger);
        expect(foreign.statusCode).toBe(403);
        expect(foreign.json().detail).toBe('Brak dostępu.');
        if (admin.writable) expect((await call('POST', paths.collection, place.stranger, recordOf(module.schema))).statusCode).toBe(403);
        if (admin.scope === 'service') {
          const unknown = await call('GET', apiPaths(admin, { ...params, service_id: 987_654 }).collection, place.stranger);
          expect(unknown.statusCode).toBe(403);
          expect(unknown.json()).toEqual(foreign.json());
        }
      }
      if (admin.writeRole === 'root') {
        expect((await call('POST', paths.collection, place.owner, recordOf(module.schema))).statusCode).toBe(403);
      }
      if (admin.parent) {
        const foreignParent = await call('GET', apiPaths(admin, { ...params, [admin.parent.param]: 987_654 }).collection, place.owner);
        expect(foreignParent.statusCode).toBe(403);
      }
    });

    it.runIf(module.admin.flags.some((flag) => !flag.startsWith('record:')))('answers 404 where its flags do not hold', async () => {
      const { hidden } = await placeOf(module);
      const paths = apiPaths(admin, hidden!.params);
      for (const method of ['GET', 'OPTIONS'] as const) expect((await call(method, admin.singleton ? paths.read : paths.collection, hidden!.as)).statusCode).toBe(404);
    });
  });

  return { registry, call, placeOf, app: () => test };
}
