import { api } from '../../providers/http';
import type { MailingSummary } from '../../../modules/newsletter/common/reports';
import type { ListResponse, ServiceTypeRef } from '../common/types';

/** GET /api/user/reports: a figure's key is absent where the user may not use its module, null where it has no data. */
export interface ServiceReport {
  service_id: number;
  name: string;
  service_type: ServiceTypeRef;
  mailings?: MailingSummary | null;
  visits?: VisitSummary | null;
  wcag?: WcagSummary | null;
  disk?: { used: number; available: number } | null;
}

export interface VisitSummary {
  totals: { visits: number; visitors: number };
  days: Array<{ period: string; visits: number; visitors: number }>;
}

export interface WcagSummary {
  analysis_id: number;
  finished_at: string;
  levels: { A: number | null; AA: number | null };
}

export type UserReports = ListResponse<ServiceReport> & { from: string; to: string };

export const REPORTS_PER_PAGE = 20;

export const userReportsQuery = (page: number) => ({
  queryKey: ['user', 'reports', page],
  queryFn: ({ signal }: { signal: AbortSignal }) => api<UserReports>('/user/reports', { signal, query: { page, per_page: REPORTS_PER_PAGE } }),
});

/** Each figure's own report screen in the service. */
export const reportLinks = {
  mailings: (serviceId: number) => `/usluga/${serviceId}/raporty/statystyki_wysylek`,
  visits: (serviceId: number) => `/usluga/${serviceId}/raporty/statystyki`,
  wcag: (serviceId: number) => `/usluga/${serviceId}/moduly/wcag/wynik/site`,
  disk: (serviceId: number) => `/usluga/${serviceId}/dysk`,
};
