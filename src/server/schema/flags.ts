import type { Queryable } from '../platform/db';

/**
 * The feature flags a schema module's pages may need (x-admin.flags, SPEC 2 "404 unless ..."), each
 * a named resolver: `kind:name`. A page whose flag resolves to false answers 404.
 *   service:<name>  the service has the flag in client_service_flags;
 *   template:<name> the service's active appearance template has the feature;
 *   record:<field>  the parent record's field is true (a news item's has_videos);
 *   kind:<group>    the service's kind_id is one of the group's (SERVICE_KINDS).
 */
export interface FlagScope {
  serviceId: number | null;
  /** The parent record's values, for record:<field>. */
  parent?: Record<string, unknown>;
}

/** The template features SPEC 3 derives from a template's settings, by the name flags use. */
export const TEMPLATE_FEATURES: Record<string, (settings: TemplateSettings) => boolean> = {
  colors: (s) => nonEmpty(s.colors),
  counters: (s) => nonEmpty(s.counters),
  homepages: (s) => nonEmpty(s.homepages),
  banners: (s) => nonEmpty(s.banners),
  header_icons: (s) => s.has_header_icons === true,
  header_photos: (s) => s.has_header_photos === true,
  news_pinning: (s) => s.news?.pinning_enabled === true,
  // SPEC 3 banners_counter and video: a counter banner's photo, and the sources a video may have.
  counter_banner_photo: (s) => s.banners_counter?.photo_enabled === true,
  video_upload: (s) => s.video?.upload_video === true,
  video_facebook: (s) => s.video?.facebook_video === true,
  video_embed: (s) => s.video?.js_video === true,
  // SPEC 3's has_* settings: the page data fields the template shows (wyglad/ustawienia).
  name_text: (s) => s.has_name_text === true,
  motto_text: (s) => s.has_motto_text === true,
  title_text: (s) => s.has_title_text === true,
  footer_text: (s) => s.has_footer_text === true,
  logo: (s) => s.has_logo === true,
  esp_link: (s) => s.has_esp_link === true,
  // SPEC 2: the template page exists when the template has colours, counters or home pages.
  template_page: (s) => nonEmpty(s.colors) || nonEmpty(s.counters) || nonEmpty(s.homepages),
};

export interface TemplateSettings {
  colors?: unknown;
  counters?: unknown;
  homepages?: unknown;
  banners?: unknown;
  has_header_icons?: boolean;
  has_header_photos?: boolean;
  news?: { pinning_enabled?: boolean };
  banners_counter?: { photo_dimension_info?: string; photo_dimension_size?: string; photo_enabled?: boolean };
  video?: { upload_video?: boolean; facebook_video?: boolean; js_video?: boolean };
  [setting: string]: unknown;
}

function nonEmpty(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value && typeof value === 'object') return Object.keys(value).length > 0;
  return value === true;
}

/** Groups of service kinds (SPEC 1: 1 virtual, 2 site, 3 payments, 4 service) pages may need. */
export const SERVICE_KINDS: Record<string, readonly number[]> = {
  // SPEC 6: the editor edit and roles pages need a site or a service.
  site_or_service: [2, 4],
};

const FLAG = /^(service|template|record|kind):([a-z][a-z0-9_]*)$/;

/** Whether every flag holds; flags are few per module, each one query at most. */
export async function flagsHold(db: Queryable, flags: readonly string[], scope: FlagScope): Promise<boolean> {
  let template: TemplateSettings | null | undefined;
  for (const flag of flags) {
    const [, kind, name] = FLAG.exec(flag) ?? [];
    if (kind === 'record') {
      if (scope.parent?.[name] !== true) return false;
    } else if (kind === 'service') {
      if (scope.serviceId === null) return false;
      const { rows } = await db.query('SELECT 1 FROM client_service_flags WHERE client_service_id = $1 AND flag = $2', [scope.serviceId, name]);
      if (rows.length === 0) return false;
    } else if (kind === 'template') {
      if (scope.serviceId === null) return false;
      template ??= await activeTemplateSettings(db, scope.serviceId);
      const feature = TEMPLATE_FEATURES[name];
      if (!template || !feature || !feature(template)) return false;
    } else if (kind === 'kind') {
      const kinds = SERVICE_KINDS[name];
      if (scope.serviceId === null || !kinds) return false;
      const { rows } = await db.query('SELECT 1 FROM client_services WHERE id = $1 AND kind_id = ANY($2::int[])', [scope.serviceId, kinds]);
      if (rows.length === 0) return false;
    } else {
      return false;
    }
  }
  return true;
}

/** The settings of the appearance template the service uses now; null when it has none. */
export async function activeTemplateSettings(db: Queryable, serviceId: number): Promise<TemplateSettings | null> {
  const { rows } = await db.query<{ settings: TemplateSettings }>(
    `SELECT t.settings FROM client_services s JOIN appearance_templates t ON t.id = s.template_id WHERE s.id = $1`,
    [serviceId],
  );
  return rows[0]?.settings ?? null;
}
