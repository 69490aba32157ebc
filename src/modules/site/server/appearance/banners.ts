import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import type { Queryable } from '../../../../server/platform/db';
import { formError, HttpError, t } from '../../../../server/platform/http/errors';
import { imageSize } from '../../../../server/platform/files/images';
import { documentOperation, moduleRoutes } from '../../../../server/schema';
import { activeTemplateSettings } from '../../../../server/schema/flags';

const BANNERS = 'appearance_banners';
const ZONES_PATH = '/client_service/{service_id}/module/appearance_settings/banners/zones';

/** A zone a template lays banners out in (SPEC 3 settings.banners): its prefix and the size banners show at. */
interface Zone {
  prefix: string;
  name?: string;
  width?: number;
  height?: number;
}

/** The zones of the service's active template. */
async function templateZones(db: Queryable, serviceId: number): Promise<Zone[]> {
  const banners = (await activeTemplateSettings(db, serviceId))?.banners;
  return Array.isArray(banners) ? (banners as Zone[]).filter((zone) => typeof zone?.prefix === 'string' && zone.prefix !== '') : [];
}

const sizeOf = (zone: Zone) => (zone.width && zone.height ? `${zone.width} × ${zone.height} px` : '');

/**
 * Refuses a banner whose picture is not of its zone's size (a new picture, or a stored one moved to
 * another zone). The size is exact, as for the counter banner's photo: the template lays the banner
 * out in a box of that size, and another one would be stretched or cropped on the site. A zone
 * without a size takes any picture.
 */
async function assertFitsZone(zone: Zone | undefined, picture: Readable | null): Promise<void> {
  if (!zone?.width || !zone.height || !picture) return;
  const { width, height } = await imageSize(picture);
  if (width === zone.width && height === zone.height) return;
  const message = t('validation.appearance_banners.picture_size', {
    zone: zone.name ?? zone.prefix,
    expected: `${zone.width} × ${zone.height}`,
    actual: width && height ? `${width} × ${height}` : '?',
  });
  throw new HttpError(400, t('validation.form_invalid'), { picture: message });
}

/**
 * The banners of wyglad/ustawienia/bannery (schemas/site/appearance/banners.schema.json) beyond the
 * engine: each shows in a zone of the active template, its picture of the zone's size, and bannery/strefy lists those zones with
 * their sizes and how many banners each has (also the form's choices of a zone).
 */
export async function bannerZones(app: FastifyInstance): Promise<void> {
  const banners = moduleRoutes(app, BANNERS);
  const zonesModule = moduleRoutes(app, 'appearance_banner_zones');
  if (!banners || !zonesModule) return;
  const { db } = app.ctx;

  banners.addHooks({
    async beforeWrite(tx, owner, values) {
      const zones = await templateZones(tx, owner.serviceId!);
      if (!zones.some((zone) => zone.prefix === values.zone)) throw formError({ zone: 'validation.appearance_banners.zone_invalid' });
      return values;
    },
    // After the engine's write, in its transaction: the picture received is readable there, and a refusal rolls the write back.
    async afterWrite(tx, owner, change) {
      if (!change || change.removed) return;
      const zone = (await templateZones(tx, owner.serviceId!)).find((candidate) => candidate.prefix === change.record.values.zone);
      await assertFitsZone(zone, await change.openFile('picture'));
    },
  });

  const url = ZONES_PATH.replace('{service_id}', ':service_id');
  documentOperation(app, 'get', ZONES_PATH, {
    tags: ['appearance'],
    summary: "The active template's banner zones {data: [{id, name, size, banners}], pagination.total}; 404 unless the template has banners",
    responses: { 200: { description: '{data, pagination}' }, 404: { description: 'The template has no banners' } },
  });
  app.get(url, { preHandler: app.authenticate }, async (request) => {
    const { serviceId } = await zonesModule.owner(request);
    const zones = await templateZones(db, serviceId!);
    const { rows } = await db.query<{ zone: string; count: string }>(
      "SELECT data->>'zone' AS zone, count(*) AS count FROM module_records WHERE resource = $1 AND client_service_id = $2 GROUP BY 1",
      [BANNERS, serviceId],
    );
    const counts = new Map(rows.map((row) => [row.zone, Number(row.count)]));
    const data = zones.map((zone) => ({ id: zone.prefix, name: zone.name ?? zone.prefix, size: sizeOf(zone), banners: counts.get(zone.prefix) ?? 0 }));
    return { data, pagination: { total: data.length } };
  });

  documentOperation(app, 'options', ZONES_PATH, {
    tags: ['appearance'],
    summary: 'The zones page {schema}; 404 unless the template has banners',
    responses: { 200: { description: '{schema}' }, 404: { description: 'The template has no banners' } },
  });
  app.options(url, { preHandler: app.authenticate }, async (request) => {
    // The module's flags (template:banners) answer 404 where the template has no banners.
    await zonesModule.owner(request);
    return { schema: zonesModule.module.schema };
  });
}
