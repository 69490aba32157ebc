import type { FastifyRequest } from 'fastify';
import type { ModuleSchema } from '../../../common/schema';
import { isEmptyValue, REQUIRED_WHEN_OFFERED } from '../../../common/schema/flagged-required';
import { fieldTitleKey } from '../../../common/schema/keys';
import type { Queryable } from '../../platform/db';
import { HttpError, t } from '../../platform/http/errors';
import type { Capability } from '../module-routes';
import { flagsHold } from '../flags';

/** The properties that need flags (`x-flags`, e.g. a site's motto only where the template shows one), by name. */
function flaggedFields(module: ModuleSchema): [string, string[]][] {
  return Object.entries(module.schema.properties ?? {}).flatMap(([field, property]) => {
    const flags = property['x-flags'];
    return Array.isArray(flags) && flags.length ? [[field, flags as string[]]] : [];
  });
}

/** Which flagged fields the service has now. */
async function offeredFields(db: Queryable, fields: [string, string[]][], serviceId: number | null): Promise<Record<string, boolean>> {
  return Object.fromEntries(await Promise.all(fields.map(async ([field, flags]) => [field, await flagsHold(db, flags, { serviceId })] as const)));
}

const serviceIdOf = (request: FastifyRequest) => {
  const id = Number((request.params as { service_id?: string }).service_id);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * `x-flags` on a property: the field exists only while its flags hold (the page data's fields by
 * the template's has_* settings). OPTIONS answers `fields: {<field>: {offered}}` for the form; a
 * write may not change a field the service lacks (400 on the field), and keeps its stored value,
 * so switching templates back and forth loses nothing. A required one is required only where offered
 * (REQUIRED_WHEN_OFFERED, which the registry puts in place of `required`).
 */
export const fieldFlags: Capability = {
  routes(routes) {
    const fields = flaggedFields(routes.module);
    if (!fields.length) return;
    routes.addHooks({
      options: async (request) => {
        const offered = await offeredFields(routes.db, fields, serviceIdOf(request));
        return { fields: Object.fromEntries(Object.entries(offered).map(([field, shown]) => [field, { offered: shown }])) };
      },
    });
  },
  async check(db, routes, owner, values, exceptId) {
    const fields = flaggedFields(routes.module);
    if (!fields.length) return values;
    const offered = await offeredFields(db, fields, owner.serviceId);
    const stored = exceptId === null ? null : await routes.store.get(db, owner, exceptId, 0);
    const kept = { ...values };
    const refused: Record<string, string> = {};
    for (const [field] of fields) {
      const requiredKey = routes.module.schema.properties?.[field]?.[REQUIRED_WHEN_OFFERED];
      if (offered[field] && typeof requiredKey === 'string' && isEmptyValue(values[field])) {
        refused[field] = t(requiredKey, { field: t(fieldTitleKey(routes.module, field)) });
      }
      if (offered[field]) continue;
      const before = stored?.values[field];
      const given = values[field];
      if (given !== undefined && given !== '' && JSON.stringify(given) !== JSON.stringify(before)) {
        refused[field] = t('errors.file_not_offered', { field: t(fieldTitleKey(routes.module, field)) });
      }
      if (before === undefined) delete kept[field];
      else kept[field] = before;
    }
    if (Object.keys(refused).length) throw new HttpError(400, t('validation.form_invalid'), refused);
    return kept;
  },
};
