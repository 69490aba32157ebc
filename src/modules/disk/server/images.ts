import type { Queryable } from '../../../server/platform/db';

/** A file's public address (no session): the panel's public URL, as mail and other sites need it. */
export const diskPublicUrl = (publicUrl: string, publicName: string) => `${publicUrl.replace(/\/$/, '')}/api/disk/public/${publicName}`;

/** A picture of a service's disk that anyone may load now: published, not past its end date. */
export interface PublicDiskImage {
  id: number;
  name: string;
  url: string;
}

/**
 * The service's public pictures on its disk, by name (`id`: that one only, when it is one): what
 * a newsletter's image block may show, since its readers load the picture from the web.
 */
export async function publicDiskImages(db: Queryable, publicUrl: string, serviceId: number, id?: number): Promise<PublicDiskImage[]> {
  const params: unknown[] = [serviceId];
  const { rows } = await db.query<{ id: number; name: string; public_name: string }>(
    `SELECT id, name, public_name FROM disk_files
      WHERE client_service_id = $1 AND NOT is_dir AND public AND public_name IS NOT NULL AND content_type LIKE 'image/%'
        AND (public_end_date IS NULL OR public_end_date > now()) ${id === undefined ? '' : `AND id = $${params.push(id)}`}
      ORDER BY lower(name), id LIMIT 500`,
    params,
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name, url: diskPublicUrl(publicUrl, row.public_name) }));
}
