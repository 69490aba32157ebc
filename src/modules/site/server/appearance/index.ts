import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requireServiceAccess } from '../../../../server/platform/auth/service-access';
import type { Queryable } from '../../../../server/platform/db';
import { servePublicFiles } from '../../../../server/platform/files/routes';
import { formError, httpError, t } from '../../../../server/platform/http/errors';
import { readPage } from '../../../../server/platform/http/pagination';
import { documentOperation } from '../../../../server/schema';
import { flagsHold, TEMPLATE_FEATURES, type TemplateSettings } from '../../../../server/schema/flags';
import { rootService } from '../../../services/server';
import { bannerZones } from './banners';

/** The permission module of every appearance call (SPEC 1 "appearance"). */
export const APPEARANCE_MODULE = 'appearance';
/** The file store's area of the templates' preview pictures, and where they are served. */
export const PREVIEW_AREA = 'templates';
const PREVIEW_URL = '/appearance/previews';
/** The derived flags of SPEC 3 the catalogue names as a template's features, in this order. */
export const CATALOGUE_FEATURES = ['colors', 'counters', 'homepages', 'banners', 'header_icons', 'header_photos', 'news_pinning'] as const;
const DEFAULT_PER_PAGE = 12;

interface TemplateRow {
  id: number;
  prefix: string;
  name: string;
  description: string;
  preview_file: string | null;
  settings: TemplateSettings;
}

interface ServiceChoices {
  template_id: number | null;
  /** The templates root allows the service; null: every one. */
  allowed_template_ids: number[] | null;
  template_color: string | null;
  template_counter: string | null;
  template_homepage: string | null;
}

/** A choice within a template's settings list (colors, counters, homepages): its prefix, and its name when it has one. */
interface SettingChoice {
  prefix: string;
  name?: string;
  color?: string;
}

/** The choices a settings list holds: the entries with a prefix, others ignored. */
function choicesOf(settings: TemplateSettings, list: 'colors' | 'counters' | 'homepages'): SettingChoice[] {
  const entries = settings[list];
  if (!Array.isArray(entries)) return [];
  return entries.filter((entry): entry is SettingChoice => typeof entry?.prefix === 'string' && entry.prefix !== '');
}

const firstPrefix = (settings: TemplateSettings, list: 'colors' | 'counters' | 'homepages') => choicesOf(settings, list)[0]?.prefix ?? null;

const isAllowed = (id: number, choices: ServiceChoices) => choices.allowed_template_ids === null || choices.allowed_template_ids.includes(id);

/**
 * A template as the catalogue answers it: its preview's address, colour versions, features, whether
 * the service uses it and whether root allows it (the active one stays after root disallows it, marked).
 */
function templateOutput(row: TemplateRow, choices: ServiceChoices) {
  return {
    id: row.id,
    prefix: row.prefix,
    name: row.name,
    description: row.description,
    preview_url: row.preview_file ? `/api${PREVIEW_URL}/${row.preview_file}` : null,
    colors: choicesOf(row.settings, 'colors').map((choice) => ({ prefix: choice.prefix, name: choice.name ?? choice.prefix, color: choice.color ?? null })),
    features: CATALOGUE_FEATURES.filter((feature) => TEMPLATE_FEATURES[feature](row.settings)),
    is_active: row.id === choices.template_id,
    is_allowed: isAllowed(row.id, choices),
  };
}

const TEMPLATE_COLUMNS = 'id, prefix, name, description, preview_file, settings';
const CHOICE_COLUMNS = 'template_id, allowed_template_ids, template_color, template_counter, template_homepage';
/** The catalogue a service sees: the templates root allows it and its active one ($1 the allowed ids, $2 the active id). */
const SEEN_BY_SERVICE = '($1::int[] IS NULL OR id = ANY($1::int[]) OR id = $2)';

async function serviceChoices(db: Queryable, serviceId: number): Promise<ServiceChoices> {
  const { rows } = await db.query<ServiceChoices>(`SELECT ${CHOICE_COLUMNS} FROM client_services WHERE id = $1`, [serviceId]);
  return rows[0];
}

async function templateById(db: Queryable, id: number): Promise<TemplateRow | undefined> {
  const { rows } = await db.query<TemplateRow>(`SELECT ${TEMPLATE_COLUMNS} FROM appearance_templates WHERE id = $1`, [id]);
  return rows[0];
}

/** A positive integer id from a path or body, or null. */
function idOf(raw: unknown): number | null {
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

const bodyField = (request: FastifyRequest, field: string): unknown => (request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>)[field] : undefined);

/**
 * A choice within the active template (SPEC 7): the colour version (chosen by PUT
 * template/current/color), the counter and the home-page layout (PUT module/appearance_settings/...);
 * each read at module/appearance_settings/<path>, the form's choices.
 */
interface TemplateChoice {
  path: 'color' | 'counter' | 'homepage';
  list: 'colors' | 'counters' | 'homepages';
  column: 'template_color' | 'template_counter' | 'template_homepage';
  /** The feature (template:<feature>) the choice exists with. */
  feature: 'colors' | 'counters' | 'homepages';
  /** The catalogue key of its message when missing or not one of the template's. */
  required: string;
  invalid: string;
}

const [COLOR, ...CHOSEN_IN_SETTINGS]: TemplateChoice[] = [
  { path: 'color', list: 'colors', column: 'template_color', feature: 'colors', required: 'validation.appearance.color_required', invalid: 'validation.appearance.color_invalid' },
  { path: 'counter', list: 'counters', column: 'template_counter', feature: 'counters', required: 'validation.appearance.counter_required', invalid: 'validation.appearance.counter_invalid' },
  { path: 'homepage', list: 'homepages', column: 'template_homepage', feature: 'homepages', required: 'validation.appearance.homepage_required', invalid: 'validation.appearance.homepage_invalid' },
];
const TEMPLATE_CHOICES = [COLOR, ...CHOSEN_IN_SETTINGS];

/** A value chosen from a list: required, and one of the list's prefixes. */
function assertChosen(field: string, value: unknown, choices: SettingChoice[], keys: { required: string; invalid: string }): string {
  if (typeof value !== 'string' || value === '') throw formError({ [field]: keys.required });
  if (!choices.some((choice) => choice.prefix === value)) throw formError({ [field]: keys.invalid });
  return value;
}

/**
 * The appearance calls of SPEC 7 "Appearance templates": the catalogue of graphic templates a
 * service may use, activating one (which resets the colour version, counter and home-page layout
 * to the new template's first ones), and the choices within the active template, each refused
 * with 404 where the template has no such feature. Every call needs the `appearance` module.
 */
export const appearanceServer = fp(
  async (app: FastifyInstance) => {
    const { db } = app.ctx;
    servePublicFiles(app, PREVIEW_URL, PREVIEW_AREA);

    const access = (request: FastifyRequest) => requireServiceAccess(db, request, (request.params as { service_id?: string }).service_id, APPEARANCE_MODULE);

    /** The service's active template with its choices; 404 when it has none. */
    async function active(serviceId: number): Promise<{ template: TemplateRow; choices: ServiceChoices }> {
      const choices = await serviceChoices(db, serviceId);
      const template = choices.template_id === null ? undefined : await templateById(db, choices.template_id);
      if (!template) throw httpError(404, 'errors.appearance.no_template');
      return { template, choices };
    }

    const currentOutput = (template: TemplateRow, choices: ServiceChoices) => ({
      ...templateOutput(template, choices),
      template_color: choices.template_color,
      template_counter: choices.template_counter,
      template_homepage: choices.template_homepage,
    });

    const SERVICE = '/client_service/{service_id}';
    const tags = ['appearance'];

    documentOperation(app, 'get', `${SERVICE}/template`, {
      tags,
      summary:
        'The graphic templates the service may use ({data, pagination.total}; page, per_page): those root allows it and its active one, each with its preview picture, colour versions, features, whether it is the active one and whether it is allowed',
      responses: { 200: { description: '{data: [{id, prefix, name, description, preview_url, colors, features, is_active, is_allowed}], pagination: {total}}' }, 403: { description: 'No access' } },
    });
    app.get('/client_service/:service_id/template', { preHandler: app.authenticate }, async (request) => {
      const { serviceId } = await access(request);
      const page = readPage(request.query, DEFAULT_PER_PAGE);
      const choices = await serviceChoices(db, serviceId);
      const seen = [choices.allowed_template_ids, choices.template_id];
      const { rows } = await db.query<TemplateRow & { total: string }>(
        `SELECT ${TEMPLATE_COLUMNS}, count(*) OVER () AS total FROM appearance_templates WHERE ${SEEN_BY_SERVICE} ORDER BY name, id LIMIT $3 OFFSET $4`,
        [...seen, page.limit, page.offset],
      );
      const total = rows.length
        ? Number(rows[0].total)
        : Number((await db.query<{ total: string }>(`SELECT count(*) AS total FROM appearance_templates WHERE ${SEEN_BY_SERVICE}`, seen)).rows[0].total);
      return { data: rows.map((row) => templateOutput(row, choices)), pagination: { total, page: page.page, per_page: page.perPage } };
    });

    documentOperation(app, 'get', `${SERVICE}/template/current`, {
      tags,
      summary: "The service's active template with its chosen colour version, counter and home-page layout",
      responses: { 200: { description: '{id, name, ..., template_color, template_counter, template_homepage}' }, 404: { description: 'The service has no template' } },
    });
    app.get('/client_service/:service_id/template/current', { preHandler: app.authenticate }, async (request) => {
      const { serviceId } = await access(request);
      const { template, choices } = await active(serviceId);
      return currentOutput(template, choices);
    });

    documentOperation(app, 'get', `${SERVICE}/template/{template_id}`, {
      tags,
      summary: 'One template of the catalogue: its colour versions and features',
      responses: {
        200: { description: '{id, prefix, name, description, preview_url, colors, features, is_active, is_allowed}' },
        404: { description: 'No such template, or one root does not allow the service (unless it is its active one)' },
      },
    });
    app.get('/client_service/:service_id/template/:template_id', { preHandler: app.authenticate }, async (request) => {
      const { serviceId } = await access(request);
      const id = idOf((request.params as { template_id: string }).template_id);
      const template = id === null ? undefined : await templateById(db, id);
      const choices = await serviceChoices(db, serviceId);
      if (!template || !(isAllowed(template.id, choices) || template.id === choices.template_id)) throw httpError(404, 'errors.appearance.template_not_found');
      return templateOutput(template, choices);
    });

    documentOperation(app, 'put', `${SERVICE}/template`, {
      tags,
      summary: "Activates a template {template_id}; the colour version, counter and home-page layout become the new template's first ones",
      requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { template_id: { type: 'integer' } }, required: ['template_id'] } } } },
      responses: { 200: { description: 'The active template, as GET template/current' }, 400: { description: 'No such template, or one root does not allow the service' } },
    });
    app.put('/client_service/:service_id/template', { preHandler: app.authenticate }, async (request) => {
      const { serviceId } = await access(request);
      const raw = bodyField(request, 'template_id');
      if (raw === undefined || raw === null || raw === '') throw formError({ template_id: 'validation.appearance.template_required' });
      const id = idOf(raw);
      const template = id === null ? undefined : await templateById(db, id);
      if (!template) throw formError({ template_id: 'validation.appearance.template_invalid' });
      if (!isAllowed(template.id, await serviceChoices(db, serviceId))) {
        const refusal = { name: template.name };
        throw httpError(400, 'validation.appearance.template_not_allowed', refusal, { template_id: t('validation.appearance.template_not_allowed', refusal) });
      }
      const { rows } = await db.query<ServiceChoices>(
        `UPDATE client_services SET template_id = $2, template_color = $3, template_counter = $4, template_homepage = $5 WHERE id = $1
         RETURNING ${CHOICE_COLUMNS}`,
        [serviceId, template.id, firstPrefix(template.settings, 'colors'), firstPrefix(template.settings, 'counters'), firstPrefix(template.settings, 'homepages')],
      );
      return currentOutput(template, rows[0]);
    });

    /** A choice's list in the active template; 404 when the template has none. */
    async function choiceList(serviceId: number, choice: TemplateChoice) {
      const { template, choices } = await active(serviceId);
      const list = choicesOf(template.settings, choice.list);
      if (!list.length) throw httpError(404, 'errors.not_found');
      return { template, list, current: choices[choice.column] };
    }
    const choiceOutput = (list: SettingChoice[], current: string | null) => ({ prefix: current, data: list.map((entry) => ({ id: entry.prefix, name: entry.name ?? entry.prefix })) });
    /** Stores a chosen prefix (required, one of the list's) from the body's field. */
    async function choose(request: FastifyRequest, choice: TemplateChoice, bodyName: string) {
      const { serviceId } = await access(request);
      const { template, list } = await choiceList(serviceId, choice);
      const prefix = assertChosen(bodyName, bodyField(request, bodyName), list, choice);
      const { rows } = await db.query<ServiceChoices>(
        `UPDATE client_services SET ${choice.column} = $2 WHERE id = $1 RETURNING ${CHOICE_COLUMNS}`,
        [serviceId, prefix],
      );
      return { template, list, choices: rows[0] };
    }

    documentOperation(app, 'put', `${SERVICE}/template/current/color`, {
      tags,
      summary: "Chooses the active template's colour version {template_color} (one of its colours' prefixes)",
      requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { template_color: { type: 'string' } }, required: ['template_color'] } } } },
      responses: { 200: { description: 'The active template, as GET template/current' }, 400: { description: 'Not one of the template colours' }, 404: { description: 'The template has no colour versions' } },
    });
    app.put('/client_service/:service_id/template/current/color', { preHandler: app.authenticate }, async (request) => {
      const { template, choices } = await choose(request, COLOR, 'template_color');
      return currentOutput(template, choices);
    });

    for (const choice of TEMPLATE_CHOICES) {
      documentOperation(app, 'get', `${SERVICE}/module/appearance_settings/${choice.path}`, {
        tags,
        summary: `The ${choice.path} chosen within the active template {prefix} and the template's choices {data: [{id, name}]}`,
        responses: { 200: { description: '{prefix, data}' }, 404: { description: `The template has no ${choice.list}` } },
      });
      app.get(`/client_service/:service_id/module/appearance_settings/${choice.path}`, { preHandler: app.authenticate }, async (request) => {
        const { serviceId } = await access(request);
        const { list, current } = await choiceList(serviceId, choice);
        return choiceOutput(list, current);
      });
    }

    for (const choice of CHOSEN_IN_SETTINGS) {
      documentOperation(app, 'put', `${SERVICE}/module/appearance_settings/${choice.path}`, {
        tags,
        summary: `Chooses the ${choice.path} {prefix}, one of the active template's ${choice.list}`,
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { prefix: { type: 'string' } }, required: ['prefix'] } } } },
        responses: { 200: { description: '{prefix, data}' }, 400: { description: `Not one of the template's ${choice.list}` }, 404: { description: `The template has no ${choice.list}` } },
      });
      app.put(`/client_service/:service_id/module/appearance_settings/${choice.path}`, { preHandler: app.authenticate }, async (request) => {
        const { list, choices } = await choose(request, choice, 'prefix');
        return choiceOutput(list, choices[choice.column]);
      });
    }

    // The template page (wyglad/ustawienia/szablon, schemas/site/appearance/template-choices.schema.json) asks which of its fields the template has.
    documentOperation(app, 'options', `${SERVICE}/module/appearance_settings`, {
      tags,
      summary: "The template page's form {schema, fields: {<field>: {offered}}}; 404 unless the template has colours, counters or home pages",
      responses: { 200: { description: '{schema, fields}' }, 404: { description: 'The template has no such choices' } },
    });
    app.options('/client_service/:service_id/module/appearance_settings', { preHandler: app.authenticate }, async (request) => {
      const { serviceId } = await access(request);
      if (!(await flagsHold(db, ['template:template_page'], { serviceId }))) throw httpError(404, 'errors.not_found');
      const fields: Record<string, { offered: boolean }> = {};
      for (const choice of TEMPLATE_CHOICES) fields[choice.column] = { offered: await flagsHold(db, [`template:${choice.feature}`], { serviceId }) };
      return { schema: app.schemaModules.get('appearance_template')?.module.schema, fields };
    });

    // admin/uprawnienia (root users): which templates of the catalogue the service may use.
    const allowedOutput = async (serviceId: number) => {
      const choices = await serviceChoices(db, serviceId);
      const { rows } = await db.query<{ id: number; name: string }>('SELECT id, name FROM appearance_templates ORDER BY name, id');
      return { all: choices.allowed_template_ids === null, data: rows.map((row) => ({ ...row, allowed: isAllowed(row.id, choices) })) };
    };
    documentOperation(app, 'get', `${SERVICE}/template/allowed`, {
      tags,
      summary: 'Root: the templates the service may use {all, data: [{id, name, allowed}]}; all: every template, those added later too',
      responses: { 200: { description: '{all, data}' }, 403: { description: 'Not a root user' } },
    });
    app.get('/client_service/:service_id/template/allowed', { preHandler: app.authenticate }, async (request) => allowedOutput(await rootService(app, request, APPEARANCE_MODULE)));

    documentOperation(app, 'put', `${SERVICE}/template/allowed`, {
      tags,
      summary: 'Root: allows the service every template {all: true}, or only {template_ids} (at least one); its active template stays active, marked, until it activates another',
      requestBody: {
        content: { 'application/json': { schema: { type: 'object', properties: { all: { type: 'boolean' }, template_ids: { type: 'array', items: { type: 'integer' } } }, required: ['all'] } } },
      },
      responses: { 200: { description: '{all, data, detail}' }, 400: { description: 'No template chosen, or an unknown one' }, 403: { description: 'Not a root user' } },
    });
    app.put('/client_service/:service_id/template/allowed', { preHandler: app.authenticate }, async (request) => {
      const serviceId = await rootService(app, request, APPEARANCE_MODULE);
      const all = bodyField(request, 'all');
      if (typeof all !== 'boolean') throw formError({ all: 'validation.appearance.allowed_all_required' });
      let allowed: number[] | null = null;
      if (!all) {
        const raw = bodyField(request, 'template_ids');
        const ids = Array.isArray(raw) && raw.length <= 1000 ? raw.map(idOf) : [null];
        if (ids.includes(null)) throw formError({ template_ids: 'validation.appearance.allowed_invalid' });
        allowed = [...new Set(ids as number[])];
        if (!allowed.length) throw formError({ template_ids: 'validation.appearance.allowed_required' });
        const { rows } = await db.query<{ known: string }>('SELECT count(*) AS known FROM appearance_templates WHERE id = ANY($1::int[])', [allowed]);
        if (Number(rows[0].known) !== allowed.length) throw formError({ template_ids: 'validation.appearance.allowed_invalid' });
      }
      await db.query('UPDATE client_services SET allowed_template_ids = $2 WHERE id = $1', [serviceId, allowed]);
      return { ...(await allowedOutput(serviceId)), detail: t('app.service_admin.templates.saved') };
    });

    await app.register(bannerZones);
  },
  { name: 'site-appearance', dependencies: ['schema-modules'] },
);
