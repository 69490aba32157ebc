import type { Queryable } from '../../../server/platform/db';
import { httpError } from '../../../server/platform/http/errors';

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

/**
 * A check another module makes before disk files stop being public or are removed (a newsletter
 * block showing one): the catalogue key of the 409 to answer while it still uses one, else null.
 */
export type DiskUsageCheck = (tx: Queryable, serviceId: number, fileIds: number[]) => Promise<string | null>;

// Per server (its context), whichever module registers first.
const usageChecks = new WeakMap<object, DiskUsageCheck[]>();

/** Adds a check the disk makes before unpublishing or removing files of the server whose context is `context`. */
export function addDiskUsageCheck(context: object, check: DiskUsageCheck): void {
  usageChecks.set(context, [...(usageChecks.get(context) ?? []), check]);
}

/** 409 with the first check's message while another module still uses one of the files. */
export async function assertDiskFilesUnused(context: object, tx: Queryable, serviceId: number, fileIds: number[]): Promise<void> {
  if (fileIds.length === 0) return;
  for (const check of usageChecks.get(context) ?? []) {
    const refusal = await check(tx, serviceId, fileIds);
    if (refusal) throw httpError(409, refusal);
  }
}
