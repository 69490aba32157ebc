import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AdminFile, ModuleSchema } from '../../common/schema';
import { fieldTitleKey } from '../../common/schema/keys';
import type { Queryable } from '../platform/db';
import { HttpError, t } from '../platform/http/errors';
import type { FileStore, TemporaryObject } from '../platform/files/store';
import { imageSize } from '../platform/files/images';
import { activeTemplateSettings, flagsHold, type TemplateSettings } from './flags';

/**
 * File fields whose rules depend on the service (x-admin files.<field>.flags and .template): a
 * counter banner's photo exists only where the template shows one, with the template's help text
 * and the exact size it is laid out at. Resolved per service on every upload and every OPTIONS.
 */
export interface FileRules {
  /** Whether the service may have the file at all (its flags hold). */
  offered: boolean;
  /** The template's text shown under the field. */
  help?: string;
  /** The size the image must have, when the template gives one it can read. */
  dimensions?: { width: number; height: number };
}

const DIMENSIONS = /^\s*(\d{1,5})\s*[x×]\s*(\d{1,5})\s*$/i;

/** A setting by its dotted path ("banners_counter.photo_dimension_size"), when it is a non-empty text. */
function settingAt(settings: TemplateSettings | null, path: string): string | undefined {
  const value = path.split('.').reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), settings);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** Whether a file field's rules depend on the service. */
export const hasServiceRules = (spec: AdminFile) => Boolean(spec.flags?.length || spec.template);

/** A field's rules for a service: its flags, and what its template's settings give. */
export async function fileRules(db: Queryable, spec: AdminFile, serviceId: number | null): Promise<FileRules> {
  const offered = await flagsHold(db, spec.flags ?? [], { serviceId });
  if (!offered || !spec.template || serviceId === null) return { offered };
  const settings = await activeTemplateSettings(db, serviceId);
  const help = spec.template.help ? settingAt(settings, spec.template.help) : undefined;
  const size = spec.template.dimensions ? DIMENSIONS.exec(settingAt(settings, spec.template.dimensions) ?? '') : null;
  return {
    offered,
    ...(help ? { help } : {}),
    ...(size ? { dimensions: { width: Number(size[1]), height: Number(size[2]) } } : {}),
  };
}

const serviceIdOf = (request: FastifyRequest) => {
  const id = Number((request.params as { service_id?: string }).service_id);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** A field's 400, as a form error on the field, so the form shows it there. */
const refusal = (field: string, key: string, params?: Record<string, string | number>) =>
  new HttpError(400, t('validation.form_invalid'), { [field]: t(key, params) });

/**
 * Refuses a received file its service's rules do not allow: a field the service does not offer,
 * or an image of other dimensions than the template's. The size is exact, not a maximum: the
 * template lays the image out in a box of that size, and a smaller or other-shaped one would be
 * stretched or cropped on the site.
 */
export async function checkFileRules(request: FastifyRequest, module: ModuleSchema, field: string, temporary: TemporaryObject, store: FileStore): Promise<void> {
  const spec = module.admin.files[field];
  if (!hasServiceRules(spec)) return;
  const rules = await fileRules(request.server.ctx.db, spec, serviceIdOf(request));
  if (!rules.offered) throw refusal(field, 'errors.file_not_offered', { field: t(fieldTitleKey(module, field)) });
  if (!rules.dimensions) return;
  const object = await store.open(temporary.key);
  const { width, height } = object ? await imageSize(object.stream) : {};
  const expected = rules.dimensions;
  if (width !== expected.width || height !== expected.height) {
    throw refusal(field, 'errors.image_dimensions', {
      expected: `${expected.width}x${expected.height}`,
      actual: width && height ? `${width}x${height}` : '?',
    });
  }
}

/**
 * OPTIONS of a module with such fields answers them beside {schema}: `files: {<field>: {offered,
 * help?, dimensions?}}`, so the form leaves out a field the service lacks and shows the template's text.
 */
export const fileRulesPlugin = fp(
  async (app: FastifyInstance) => {
    for (const routes of app.schemaModules.values()) {
      const ruled = Object.entries(routes.module.admin.files).filter(([, spec]) => hasServiceRules(spec));
      if (!ruled.length) continue;
      routes.addHooks({
        options: async (request) => ({
          files: Object.fromEntries(await Promise.all(ruled.map(async ([field, spec]) => [field, await fileRules(app.ctx.db, spec, serviceIdOf(request))]))),
        }),
      });
    }
  },
  { name: 'schema-file-rules', dependencies: ['schema-modules'] },
);
