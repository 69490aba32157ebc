import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { JsonSchema } from '../../../../common/schema';
import type { Queryable } from '../../../../server/platform/db';
import { requireServiceAccess } from '../../../../server/platform/auth/service-access';
import { chargeFiles, releaseFiles } from '../../../../server/platform/files/quota';
import { newStoredName, type TemporaryObject } from '../../../../server/platform/files/store';
import { assertValidForm, httpError, t } from '../../../../server/platform/http/errors';
import { booleanQuery, isTrue, readPage } from '../../../../server/platform/http/pagination';
import { integer, oneOf, text } from '../../../../server/platform/http/query';
import { moduleRoutes } from '../../../../server/schema';
import { syncMenuEntries, type MenuEntry } from '../../../../server/schema/menus';
import { activeTemplateSettings } from '../../../../server/schema/flags';
import { isPlainObject, validationFailure } from '../../../../server/schema/module-routes';
import { receiveUpload } from '../../../../server/schema/uploads';
import { drawnPage, sendPage } from './public';
import { COMPONENTS, MAIN_PAGES, MAX_ITEMS, MAX_SECTIONS, pageOffers, type PageOffer, type SectionKind } from './catalogue';
import {
  allSections,
  pageOf,
  pagesOf,
  pickable,
  PICTURE_FOLDER,
  recordAsItem,
  reorder,
  sectionItems,
  sectionOf,
  sectionOutput,
  sectionsOf,
  type SectionRow,
} from './store';

const SECTIONS = 'main_page_sections';
const BASE = '/client_service/:service_id/module/main_pages';
const UPLOAD = '/client_service/:service_id/upload/main_pages';
const SECTION = `${BASE}/:page_prefix/sections/:section_id`;
const UPLOADED_SECTION = `${UPLOAD}/:page_prefix/sections/:section_id`;
const PICKER_PER_PAGE = 20;
/**
 * The builder's entry in the service menu (the browser shows it where the service and the user have
 * the module), in the appearance pages' folder (schemas/site/appearance/page.schema.json declares it).
 */
const MENU: MenuEntry[] = [{ prefix: 'service_appearance_main_pages', name: 'app.main_pages.menu', icon: 'ViewQuilt', sort: 15, folder: 'appearance', rootOnly: false }];

type Params = Record<string, string>;
type Picture = { temporary: TemporaryObject; extension: string };
type PictureField = 'icon_file' | 'background_file';

const ORDER_BODY = {
  type: 'object',
  required: ['ids'],
  additionalProperties: false,
  properties: { ids: { type: 'array', minItems: 1, maxItems: MAX_ITEMS, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } } },
};

/** The translated name of a catalogue entry, or its prefix when the catalogue has none (a template's own section kind). */
function named(key: string, prefix: string): string {
  const name = t(key);
  return name === key ? prefix : name;
}

function offerOutput(offer: PageOffer) {
  return {
    prefix: offer.prefix,
    name: named(`app.main_pages.pages.${offer.prefix}`, offer.prefix),
    sections: offer.sections.map((kind) => ({
      section_prefix: kind.section_prefix,
      name: named(`app.main_pages.sections.${kind.section_prefix}`, kind.section_prefix),
      components: kind.components.map((component) => ({ component_name: component, name: t(`app.main_pages.components.${component}`), categories: Boolean(COMPONENTS[component].category) })),
      views: kind.views.map((view) => ({ view_prefix: view, name: named(`app.main_pages.views.${view}`, String(view)) })),
    })),
    containers: offer.containers.map((container) => ({ container_prefix: container, name: named(`app.main_pages.containers.${container}`, container) })),
  };
}

/**
 * The home-page builder's calls (SPEC 7 "Main pages", under .../module/main_pages, and the two
 * multipart ones under .../upload/main_pages): the service's home pages, made from its appearance
 * template's settings.main_pages on the first POST; their sections in order (added, renamed, their
 * data and look, switched on and off, deleted, reordered); the items picked for a section from the
 * site's modules (only the service's own records, each once per section, in their own order); and
 * the sections' pictures in the file store, counted in the service's space. Every call checks the
 * service and the module permission `main_pages`; the schema (schemas/site/main-page-section.schema.json)
 * checks the bodies with the browser's messages.
 */
export async function mainPagesServer(app: FastifyInstance): Promise<void> {
  const sections = moduleRoutes(app, SECTIONS);
  if (!sections) return;
  await syncMenuEntries(app.ctx.db, MENU, (problem) => app.log.warn(problem));
  const { db, files } = app.ctx;
  const { schema } = sections.module;
  const pictureRules = (field: 'icon' | 'background') => ({ ...sections.module.admin.files[field], refusal: 'errors.main_pages.picture_type' });

  /** A check of some of the schema's fields (`required` of them), with the schema's Polish messages. */
  function checker(fields: string[], required = fields.filter((field) => schema.required?.includes(field))) {
    const partial: JsonSchema = {
      type: 'object',
      properties: Object.fromEntries(fields.map((field) => [field, schema.properties![field]])),
      required,
      ...(schema.errorMessage ? { errorMessage: schema.errorMessage } : {}),
      ...(fields.includes('data_mode') ? { if: schema.if, then: schema.then } : {}),
    };
    const validate = sections!.ajv.compile(partial);
    return (body: unknown): Record<string, unknown> => {
      if (!isPlainObject(body)) throw httpError(400, 'validation.form_invalid');
      const values = Object.fromEntries(fields.filter((field) => body[field] !== undefined && body[field] !== null).map((field) => [field, body[field]]));
      if (!validate(values)) throw validationFailure(validate, partial);
      return values;
    };
  }
  const checkNewSection = checker(['section_prefix', 'name', 'container_prefix'], ['section_prefix', 'name', 'container_prefix']);
  const checkName = checker(['name']);
  const checkData = checker(['component_name', 'data_mode', 'data_category'], ['component_name', 'data_mode']);
  const checkView = checker(['view_prefix', 'background_color'], ['view_prefix']);
  const checkStatus = checker(['status'], ['status']);
  const checkItem = checker(['component_name', 'row_id'], ['component_name', 'row_id']);

  const serviceOf = async (request: FastifyRequest) => (await requireServiceAccess(db, request, (request.params as Params).service_id, MAIN_PAGES)).serviceId;

  async function offersOf(serviceId: number, tx: Queryable = db): Promise<PageOffer[]> {
    return pageOffers(await activeTemplateSettings(tx, serviceId));
  }

  /** The page the route names with what its template offers; 404 when the service has no such page. */
  async function page(request: FastifyRequest) {
    const serviceId = await serviceOf(request);
    const prefix = (request.params as Params).page_prefix;
    const row = await pageOf(db, serviceId, prefix);
    const offer = (await offersOf(serviceId)).find((candidate) => candidate.prefix === prefix);
    if (!row || !offer) throw httpError(404, 'errors.not_found');
    return { serviceId, page: row, offer };
  }

  const idOf = (raw: string | undefined) => {
    if (!raw || !/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw httpError(404, 'errors.not_found');
    return Number(raw);
  };

  /**
   * The section the route names, on a page of the service (checked first, by serviceOf, outside any
   * transaction: on the embedded database a transaction holds the one connection); 404 otherwise.
   */
  async function sectionIn(tx: Queryable, serviceId: number, request: FastifyRequest, lock = false) {
    const params = request.params as Params;
    const row = await sectionOf(tx, serviceId, params.page_prefix, idOf(params.section_id), lock);
    if (!row) throw httpError(404, 'errors.not_found');
    const offer = (await offersOf(serviceId, tx)).find((candidate) => candidate.prefix === row.page_prefix);
    const kind = offer?.sections.find((candidate) => candidate.section_prefix === row.section_prefix);
    return { serviceId, section: row, kind };
  }
  const section = async (request: FastifyRequest) => sectionIn(db, await serviceOf(request), request);

  /** The components a section kind takes that the service has the module of. */
  async function usableComponents(serviceId: number, kind: SectionKind | undefined, tx: Queryable = db): Promise<string[]> {
    const { rows } = await tx.query<{ module: string }>('SELECT module FROM client_service_modules WHERE client_service_id = $1', [serviceId]);
    const modules = new Set(rows.map((row) => row.module));
    return (kind?.components ?? []).filter((name) => modules.has(COMPONENTS[name].module) && moduleRoutes(app, COMPONENTS[name].resource));
  }

  /** A component named by a call's path (items of a module): 404 unless the service has its module. */
  async function pathComponent(serviceId: number, raw: string): Promise<string> {
    const usable = await usableComponents(serviceId, { section_prefix: '', components: Object.keys(COMPONENTS), views: [] });
    if (!usable.includes(raw)) throw httpError(404, 'errors.not_found');
    return raw;
  }

  function route(method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS', url: string, summary: string, handler: RouteHandlerMethod, body?: object, responses?: Record<number, { description: string }>) {
    app.route({
      method,
      url,
      preHandler: app.authenticate,
      schema: body ? { body } : undefined,
      config: { openapi: { tags: [MAIN_PAGES], summary, ...(responses ? { responses } : {}) } },
      handler,
    });
  }

  /** A JSON body, or a multipart one: `payload` (JSON) and the picture in `file`, checked to be a picture. */
  async function readWithPicture(request: FastifyRequest, field: 'icon' | 'background'): Promise<{ payload: unknown; picture: Picture | null }> {
    if (!request.isMultipart()) return { payload: request.body ?? {}, picture: null };
    let payload: unknown = {};
    let picture: Picture | null = null;
    const rules = pictureRules(field);
    try {
      for await (const part of request.parts({ limits: { fileSize: rules.maxBytes, files: 1, fields: 1 } })) {
        if (part.type === 'field') {
          if (part.fieldname !== 'payload') continue;
          try {
            payload = JSON.parse(String(part.value));
          } catch {
            throw httpError(400, 'errors.payload_invalid');
          }
        } else if (part.fieldname !== 'file' || picture) {
          part.file.resume();
          throw httpError(400, 'errors.invalid_request');
        } else {
          picture = await receiveUpload(part.file, rules, files);
        }
      }
    } catch (error) {
      if (picture) await files.delete((picture as Picture).temporary.key);
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw httpError(413, 'errors.file_too_large');
      throw (error as { statusCode?: number }).statusCode === undefined ? httpError(400, 'errors.invalid_request') : error;
    }
    return { payload, picture };
  }

  /**
   * Saves a section's change with its picture, when one came, in one transaction: the new file
   * counted in the service's space (413 when full) and committed last, the one it replaces given
   * back and deleted once the change committed. A refused change keeps no file.
   */
  async function saveSection(
    request: FastifyRequest,
    change: (tx: Queryable, row: SectionRow, serviceId: number, kind: SectionKind | undefined) => Promise<void>,
    picture: { field: PictureField; file: Picture | null } | null,
  ) {
    const dropped: string[] = [];
    try {
      const serviceId = await serviceOf(request);
      const saved = await db.transaction(async (tx) => {
        const { section: row, kind } = await sectionIn(tx, serviceId, request, true);
        await change(tx, row, serviceId, kind);
        if (picture && (picture.file || row[picture.field])) {
          const name = picture.file ? newStoredName(picture.file.extension) : null;
          const key = name && `${PICTURE_FOLDER}/${name}`;
          if (picture.file && key) await chargeFiles(tx, serviceId, [{ key, bytes: picture.file.temporary.bytes }]);
          const old = row[picture.field];
          if (old) {
            await releaseFiles(tx, [`${PICTURE_FOLDER}/${old}`]);
            dropped.push(`${PICTURE_FOLDER}/${old}`);
          }
          await tx.query(`UPDATE main_page_sections SET ${picture.field} = $2, updated_at = now() WHERE id = $1`, [row.id, name]);
          if (picture.file && key) await files.commit(picture.file.temporary.key, key);
        }
        return (await sectionOf(tx, serviceId, row.page_prefix, Number(row.id)))!;
      });
      await Promise.all(dropped.map((key) => files.delete(key)));
      return sectionOutput(saved);
    } catch (error) {
      if (picture?.file) await files.delete(picture.file.temporary.key);
      throw error;
    }
  }

  // The home pages.
  route(
    'GET',
    BASE,
    "The service's home pages {data: [{prefix, name, sections}]}; 404 before they were made (POST)",
    async (request) => {
      const serviceId = await serviceOf(request);
      const offers = await offersOf(serviceId);
      const pages = (await pagesOf(db, serviceId)).filter((row) => offers.some((offer) => offer.prefix === row.prefix));
      if (pages.length === 0) throw httpError(404, 'errors.not_found');
      return { data: pages.map((row) => ({ prefix: row.prefix, name: offerOutput(offers.find((offer) => offer.prefix === row.prefix)!).name, sections: row.sections })) };
    },
    undefined,
    { 200: { description: 'The pages' }, 404: { description: 'None made yet' } },
  );
  route(
    'POST',
    BASE,
    "Makes the home pages the active template offers (settings.main_pages) that the service lacks; answers them all as GET does. 404 when the template offers none",
    async (request) => {
      const serviceId = await serviceOf(request);
      const offers = await offersOf(serviceId);
      if (offers.length === 0) throw httpError(404, 'errors.not_found');
      await db.query(
        `INSERT INTO main_pages (client_service_id, prefix, position) SELECT $1, prefix, position FROM unnest($2::text[]) WITH ORDINALITY AS o(prefix, position)
           ON CONFLICT (client_service_id, prefix) DO NOTHING`,
        [serviceId, offers.map((offer) => offer.prefix)],
      );
      const pages = await pagesOf(db, serviceId);
      return { data: pages.filter((row) => offers.some((offer) => offer.prefix === row.prefix)).map((row) => ({ prefix: row.prefix, name: offerOutput(offers.find((offer) => offer.prefix === row.prefix)!).name, sections: row.sections })) };
    },
  );
  route('OPTIONS', BASE, 'What the template offers each home page: section kinds (section_prefix, components, views) and containers {pages: [...]}', async (request) => {
    const serviceId = await serviceOf(request);
    const offers = await offersOf(serviceId);
    return {
      pages: await Promise.all(
        offers.map(async (offer) => {
          const answer = offerOutput(offer);
          const usable = await usableComponents(serviceId, { section_prefix: '', components: Object.keys(COMPONENTS), views: [] });
          return { ...answer, sections: answer.sections.map((kind) => ({ ...kind, components: kind.components.filter((component) => usable.includes(component.component_name)) })) };
        }),
      ),
    };
  });

  // The sections the service's pages hold, for picking where an item goes.
  route(
    'GET',
    `${BASE}/sections`,
    "The service's sections {data: [{section_id, page_prefix, name, ...}]}: ?module_prefix those taking its items, ?excluded_row_id without those holding that record, ?has_appointed=true those with picked items",
    async (request) => {
      const serviceId = await serviceOf(request);
      const query = request.query as Record<string, unknown>;
      const modulePrefix = oneOf(query, 'module_prefix', Object.keys(COMPONENTS));
      const excludedRow = integer(query, 'excluded_row_id', undefined, Number.MAX_SAFE_INTEGER);
      const appointed = query.has_appointed === undefined ? undefined : isTrue(oneOf(query, 'has_appointed', booleanQuery.enum));
      const offers = await offersOf(serviceId);
      const kindOf = (row: SectionRow) => offers.find((offer) => offer.prefix === row.page_prefix)?.sections.find((kind) => kind.section_prefix === row.section_prefix);
      const rows = (await allSections(db, serviceId)).filter((row) => {
        const picked = Object.values(row.items ?? {}).flat();
        if (modulePrefix && !kindOf(row)?.components.includes(modulePrefix)) return false;
        if (excludedRow !== undefined && (row.items?.[modulePrefix ?? ''] ?? picked).includes(excludedRow)) return false;
        if (appointed !== undefined && appointed !== picked.length > 0) return false;
        return true;
      });
      return { data: rows.map(sectionOutput) };
    },
  );

  // The records a section may pick.
  route(
    'GET',
    `${BASE}/items/:module_prefix`,
    "The service's records of a module a section may pick, newest first {data: [{row_id, component_name, name}], pagination: {total}}: ?phrase in their names, ?excluded_section_id leaving out those that section holds",
    async (request) => {
      const serviceId = await serviceOf(request);
      const component = await pathComponent(serviceId, (request.params as Params).module_prefix);
      const query = request.query as Record<string, unknown>;
      const { limit, offset } = readPage(query, PICKER_PER_PAGE);
      const phrase = text(query, 'phrase', 200);
      const excludedSectionId = integer(query, 'excluded_section_id', undefined, 2_147_483_647);
      const answer = await pickable(db, serviceId, component, { phrase, excludedSectionId, limit, offset });
      return { data: answer.data, pagination: { total: answer.total } };
    },
  );
  route('GET', `${BASE}/items/:module_prefix/:row_id`, 'One record a section may pick {row_id, component_name, name}; 404 unless the service\'s', async (request) => {
    const serviceId = await serviceOf(request);
    const component = await pathComponent(serviceId, (request.params as Params).module_prefix);
    const rowId = (request.params as Params).row_id;
    if (!/^[1-9][0-9]{0,15}$/.test(rowId)) throw httpError(404, 'errors.not_found');
    const item = await recordAsItem(db, serviceId, component, Number(rowId));
    if (!item) throw httpError(404, 'errors.not_found');
    return item;
  });

  // One page and its sections.
  route('GET', `${BASE}/:page_prefix`, 'A home page {prefix, name, sections, domain (where the public page is, /strona/{domain}/), offer}', async (request) => {
    const { serviceId, page: row, offer } = await page(request);
    const { rows } = await db.query<{ domain: string }>('SELECT domain FROM client_service_domains WHERE client_service_id = $1 ORDER BY is_main DESC, id LIMIT 1', [serviceId]);
    const count = await db.query<{ total: string }>('SELECT count(*) AS total FROM main_page_sections WHERE main_page_id = $1', [row.id]);
    return { prefix: row.prefix, name: offerOutput(offer).name, sections: Number(count.rows[0].total), domain: rows[0]?.domain ?? null, home: row.position === 1 };
  });
  route('GET', `${BASE}/:page_prefix/preview`, 'The page as the public sees it (HTML, as at /strona/{domain}/...), for the builder\'s preview', async (request, reply) => {
    const { serviceId, page: row } = await page(request);
    return sendPage(reply, (await drawnPage(db, serviceId, row.prefix))!);
  });
  route(
    'POST',
    `${BASE}/:page_prefix`,
    'Adds a section {section_prefix, name, container_prefix} at the end of the page, showing the latest records of its first component',
    async (request, reply) => {
      const values = checkNewSection(request.body);
      const { serviceId, page: row, offer } = await page(request);
      const kind = offer.sections.find((candidate) => candidate.section_prefix === values.section_prefix);
      assertValidForm({
        ...(kind ? {} : { section_prefix: 'validation.main_page_sections.section_prefix_unavailable' }),
        ...(offer.containers.includes(String(values.container_prefix)) ? {} : { container_prefix: 'validation.main_page_sections.container_prefix_unavailable' }),
      });
      const component = (await usableComponents(serviceId, kind))[0] ?? kind!.components[0];
      const added = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number; count: string }>(
          `INSERT INTO main_page_sections (main_page_id, client_service_id, section_prefix, container_prefix, name, component_name, view_prefix, position)
           SELECT $1, $2, $3, $4, $5, $6, $7, COALESCE(MAX(position), 0) + 1 FROM main_page_sections WHERE main_page_id = $1
           RETURNING id, (SELECT count(*) FROM main_page_sections WHERE main_page_id = $1) AS count`,
          [row.id, serviceId, values.section_prefix, values.container_prefix, values.name, component, kind!.views[0]],
        );
        if (Number(rows[0].count) >= MAX_SECTIONS) throw httpError(409, 'errors.main_pages.too_many_sections', { max: MAX_SECTIONS });
        return (await sectionOf(tx, serviceId, row.prefix, Number(rows[0].id)))!;
      });
      return reply.status(201).send(sectionOutput(added));
    },
  );
  route('GET', `${BASE}/:page_prefix/sections`, "The page's sections in their order {data}; ?size: at most that many", async (request) => {
    const { page: row } = await page(request);
    const size = integer(request.query, 'size', MAX_SECTIONS, MAX_SECTIONS);
    return { data: (await sectionsOf(db, row.id, { limit: size })).map(sectionOutput) };
  });
  route(
    'PUT',
    `${BASE}/:page_prefix/sections/order`,
    "Puts the page's sections in this order {ids: every section's id}",
    async (request, reply) => {
      const { page: row } = await page(request);
      const { ids } = request.body as { ids: number[] };
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number }>('SELECT id FROM main_page_sections WHERE main_page_id = $1 FOR UPDATE', [row.id]);
        if (rows.length !== ids.length || !rows.every((section) => ids.includes(Number(section.id)))) throw httpError(400, 'errors.order_invalid');
        await reorder(tx, 'main_page_sections', ids);
      });
      return reply.status(204).send();
    },
    ORDER_BODY,
  );
  route('GET', SECTION, 'A section', async (request) => sectionOutput((await section(request)).section));
  route('DELETE', SECTION, 'Deletes a section with its items and pictures', async (request, reply) => {
    const serviceId = await serviceOf(request);
    const keys = await db.transaction(async (tx) => {
      const { section: row } = await sectionIn(tx, serviceId, request, true);
      const pictures = [row.icon_file, row.background_file].filter((name): name is string => Boolean(name)).map((name) => `${PICTURE_FOLDER}/${name}`);
      await releaseFiles(tx, pictures);
      await tx.query('DELETE FROM main_page_sections WHERE id = $1', [row.id]);
      return pictures;
    });
    await Promise.all(keys.map((key) => files.delete(key)));
    return reply.status(204).send();
  });

  // Name and icon; data; look and background; status.
  route(
    'PUT',
    UPLOADED_SECTION,
    "Renames a section: JSON {name}, or multipart with payload {name} and its icon in file (a picture; it replaces the old one)",
    async (request) => {
      const { payload, picture } = await readWithPicture(request, 'icon');
      const values = await Promise.resolve()
        .then(() => checkName(payload))
        .catch(async (error) => {
          if (picture) await files.delete(picture.temporary.key);
          throw error;
        });
      return saveSection(request, (tx, row) => tx.query('UPDATE main_page_sections SET name = $2, updated_at = now() WHERE id = $1', [row.id, values.name]).then(() => undefined), picture ? { field: 'icon_file', file: picture } : null);
    },
  );
  route('DELETE', `${SECTION}/icon`, "Deletes a section's icon", async (request) => saveSection(request, async () => undefined, { field: 'icon_file', file: null }));
  route('GET', `${SECTION}/data`, "A section's data {component_name, data_mode, data_category, components (those it may take)}", async (request) => {
    const { section: row, serviceId, kind } = await section(request);
    return { component_name: row.component_name, data_mode: row.data_mode, data_category: row.data_category === null ? null : Number(row.data_category), components: await usableComponents(serviceId, kind) };
  });
  route(
    'PUT',
    `${SECTION}/data`,
    "Sets a section's data {component_name, data_mode: latest|category, data_category (a category of the component, required in category mode)}",
    async (request) => {
      const values = checkData(request.body);
      return saveSection(
        request,
        async (tx, row, serviceId, kind) => {
          const component = String(values.component_name);
          const usable = await usableComponents(serviceId, kind, tx);
          const categories = COMPONENTS[component]?.category;
          assertValidForm(usable.includes(component) ? {} : { component_name: 'validation.main_page_sections.component_name_unavailable' });
          const category = values.data_mode === 'category' ? Number(values.data_category) : null;
          if (category !== null) {
            assertValidForm(categories ? {} : { data_mode: 'validation.main_page_sections.data_mode_unavailable' });
            const found = await tx.query('SELECT 1 FROM module_records WHERE id = $1 AND resource = $2 AND client_service_id = $3', [category, categories!.resource, serviceId]);
            assertValidForm(found.rows.length ? {} : { data_category: 'errors.reference_not_found' });
          }
          await tx.query('UPDATE main_page_sections SET component_name = $2, data_mode = $3, data_category = $4, updated_at = now() WHERE id = $1', [row.id, component, values.data_mode, category]);
        },
        null,
      );
    },
  );
  route('GET', `${SECTION}/view`, "A section's look {view_prefix, background_color, background_uri, icon_uri, views (the variants it may take)}", async (request) => {
    const { section: row, kind } = await section(request);
    const output = sectionOutput(row);
    return {
      view_prefix: output.view_prefix,
      background_color: output.background_color,
      background_uri: output.background_uri,
      icon_uri: output.icon_uri,
      views: (kind?.views ?? []).map((view) => ({ view_prefix: view, name: named(`app.main_pages.views.${view}`, String(view)) })),
    };
  });
  route(
    'PUT',
    `${UPLOADED_SECTION}/view`,
    "Sets a section's look: JSON {view_prefix, background_color}, or multipart with that payload and its background picture in file (it replaces the old one)",
    async (request) => {
      const { payload, picture } = await readWithPicture(request, 'background');
      const values = await Promise.resolve()
        .then(() => checkView(payload))
        .catch(async (error) => {
          if (picture) await files.delete(picture.temporary.key);
          throw error;
        });
      return saveSection(
        request,
        async (tx, row, _serviceId, kind) => {
          assertValidForm(kind?.views.includes(Number(values.view_prefix)) ? {} : { view_prefix: 'validation.main_page_sections.view_prefix_unavailable' });
          await tx.query('UPDATE main_page_sections SET view_prefix = $2, background_color = $3, updated_at = now() WHERE id = $1', [row.id, values.view_prefix, values.background_color ?? null]);
        },
        picture ? { field: 'background_file', file: picture } : null,
      );
    },
  );
  route('DELETE', `${SECTION}/background`, "Deletes a section's background picture", async (request) => saveSection(request, async () => undefined, { field: 'background_file', file: null }));
  route('PUT', `${SECTION}/status`, 'Switches a section on or off {status: on|off}', async (request) => {
    const values = checkStatus(request.body);
    return saveSection(request, (tx, row) => tx.query('UPDATE main_page_sections SET status = $2, updated_at = now() WHERE id = $1', [row.id, values.status]).then(() => undefined), null);
  });

  // A section's items.
  route(
    'GET',
    `${SECTION}/items/:component`,
    "A section's picked items of one component, in their order {data: [{id, component_name, row_id, name}], pagination: {total}}",
    async (request) => {
      const { section: row, serviceId } = await section(request);
      const component = await pathComponent(serviceId, (request.params as Params).component);
      const { limit, offset } = readPage(request.query, MAX_ITEMS, MAX_ITEMS);
      const answer = await sectionItems(db, Number(row.id), { componentName: component, limit, offset });
      return { data: answer.data, pagination: { total: answer.total } };
    },
  );
  route(
    'POST',
    `${SECTION}/items`,
    'Adds an item to a section {component_name, row_id}: a record of the service of a component the section takes, once',
    async (request, reply) => {
      const values = checkItem(request.body);
      const serviceId = await serviceOf(request);
      const item = await db.transaction(async (tx) => {
        const { section: row, kind } = await sectionIn(tx, serviceId, request, true);
        const component = String(values.component_name);
        assertValidForm((await usableComponents(serviceId, kind, tx)).includes(component) ? {} : { component_name: 'validation.main_page_sections.component_name_unavailable' });
        const record = await recordAsItem(tx, serviceId, component, Number(values.row_id));
        assertValidForm(record ? {} : { row_id: 'errors.reference_not_found' });
        const { rows } = await tx.query<{ id: number; count: string }>(
          `INSERT INTO main_page_section_items (section_id, component_name, row_id, position)
           SELECT $1, $2, $3, COALESCE(MAX(position), 0) + 1 FROM main_page_section_items WHERE section_id = $1
           ON CONFLICT (section_id, component_name, row_id) DO NOTHING
           RETURNING id, (SELECT count(*) FROM main_page_section_items WHERE section_id = $1) AS count`,
          [row.id, component, record!.row_id],
        );
        if (!rows[0]) throw httpError(409, 'errors.main_pages.item_exists');
        if (Number(rows[0].count) >= MAX_ITEMS) throw httpError(409, 'errors.main_pages.too_many_items', { max: MAX_ITEMS });
        return { id: Number(rows[0].id), ...record! };
      });
      return reply.status(201).send(item);
    },
  );
  route(
    'PUT',
    `${SECTION}/items/order`,
    "Puts a section's items in this order {ids: every item's id}",
    async (request, reply) => {
      const { ids } = request.body as { ids: number[] };
      const serviceId = await serviceOf(request);
      await db.transaction(async (tx) => {
        const { section: row } = await sectionIn(tx, serviceId, request, true);
        const { rows } = await tx.query<{ id: number }>('SELECT id FROM main_page_section_items WHERE section_id = $1', [row.id]);
        if (rows.length !== ids.length || !rows.every((item) => ids.includes(Number(item.id)))) throw httpError(400, 'errors.order_invalid');
        await reorder(tx, 'main_page_section_items', ids);
      });
      return reply.status(204).send();
    },
    ORDER_BODY,
  );
  route('DELETE', `${SECTION}/items/:item_id`, 'Removes an item from a section', async (request, reply) => {
    const { section: row } = await section(request);
    const { affectedRows } = await db.query('DELETE FROM main_page_section_items WHERE id = $1 AND section_id = $2', [idOf((request.params as Params).item_id), row.id]);
    if (!affectedRows) throw httpError(404, 'errors.not_found');
    return reply.status(204).send();
  });
}

