import type { UserReportFigure } from '../../../server/modules/reports/figure';
import type { Queryable } from '../../../server/platform/db';
import { DISK_MODULE } from '../common/module';

/** The disk's part of the user's reports (GET /user/reports): bytes used of the service's quota. */
export interface DiskUsage {
  used: number;
  available: number;
}

/** Each service's disk use against its quota, in one query whatever their number; null where no quota is set. */
export async function diskUsages(db: Queryable, serviceIds: number[]): Promise<Map<number, DiskUsage | null>> {
  const { rows } = await db.query<{ id: number; used: string; available: string }>(
    'SELECT id, site_size_used AS used, site_size_available AS available FROM client_services WHERE id = ANY($1::int[])',
    [serviceIds],
  );
  return new Map(rows.map((row) => [Number(row.id), Number(row.available) > 0 ? { used: Number(row.used), available: Number(row.available) } : null]));
}

/** The figure of the users' reports for the services whose disk the user may use. */
export const diskFigure: UserReportFigure<DiskUsage> = { module: DISK_MODULE, read: diskUsages };
