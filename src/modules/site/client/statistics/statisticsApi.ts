import { api } from '../../../../client/providers/http';

/** Visits and unique visitors (per day: the visitor's hash changes with the day). */
export interface VisitFigures {
  visits: number;
  visitors: number;
}

export type SumGroup = 'day' | 'week' | 'month' | 'year';
export const SUM_GROUPS: readonly SumGroup[] = ['day', 'week', 'month', 'year'];
export const SOURCE_KINDS = ['direct', 'search', 'social', 'referral', 'campaign'] as const;
export const FIGURES = ['visits', 'visitors'] as const;

interface PeriodReport {
  from: string;
  to: string;
  totals: VisitFigures;
}

/** GET .../statistics/visits. */
export interface VisitsReport extends PeriodReport {
  data: Array<VisitFigures & { period: string }>;
  pages: Array<VisitFigures & { path: string }>;
}

/** GET .../statistics/sums. */
export interface SumsReport extends PeriodReport {
  group: SumGroup;
  data: Array<VisitFigures & { period: string }>;
}

/** GET .../statistics/sources. */
export interface SourcesReport extends PeriodReport {
  kinds: Array<VisitFigures & { kind: (typeof SOURCE_KINDS)[number] }>;
  data: Array<VisitFigures & { kind: (typeof SOURCE_KINDS)[number]; name: string }>;
}

export type PeriodQuery = Record<string, string | undefined>;

export const statisticsPath = (serviceId: string, call: string) => `/client_service/${encodeURIComponent(serviceId)}/statistics/${call}`;

/** The report's query as the API takes it: empty values left out. */
export const defined = (query: PeriodQuery) => Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));

export const fetchReport = <T>(serviceId: string, call: 'visits' | 'sums' | 'sources', query: PeriodQuery, signal?: AbortSignal) =>
  api<T>(statisticsPath(serviceId, call), { signal, query: defined(query) });

export const statisticsPaths = {
  visits: (serviceId: string) => `/usluga/${serviceId}/raporty/statystyki`,
  sums: (serviceId: string) => `/usluga/${serviceId}/raporty/statystyki/sumy`,
  sources: (serviceId: string) => `/usluga/${serviceId}/raporty/statystyki/zrodla`,
};
