import type { Queryable } from '../../platform/db';

/** The period of the users' reports: Polish days, both included. */
export interface ReportPeriod {
  from: string;
  to: string;
}

/**
 * A module's figure on the users' reports (GET /user/reports), declared in the module: its permission
 * module, and how it reads the figure of a page of services at once (null: no data for the service).
 */
export interface UserReportFigure<T> {
  module: string;
  read(db: Queryable, serviceIds: number[], period: ReportPeriod): Promise<Map<number, T | null>>;
}
