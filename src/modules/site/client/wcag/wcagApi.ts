import { api } from '../../../../client/providers/http';
import type { Level } from '../../common/wcag/catalogue';
import type { AnalysisState } from '../../common/wcag/results';
import type { CriterionResult, Summary } from '../../common/wcag/scoring';

export const WCAG_MODULE = 'wcag';

export interface Settings {
  start_url: string | null;
  default_start_url: string | null;
  page_limit: number;
  max_page_limit: number;
}

export interface Analysis {
  id: number;
  status: AnalysisState;
  start_url: string;
  page_limit: number;
  pages_done: number;
  pages_total: number | null;
  failure: string | null;
  scores: Summary | null;
  created_at: string;
  finished_at: string | null;
  started_by: string | null;
}

export interface AnalysisPage {
  id: number;
  position: number;
  url: string;
  title: string | null;
  failure: string | null;
  violations: number | null;
  incomplete: number | null;
}

export interface Scores extends Summary {
  analysis_id: number;
  type: string;
  prefix: string | null;
  criteria: CriterionResult[];
}

export interface CatalogueEntry extends Omit<CriterionResult, 'failures' | 'reviews'> {
  failed_pages: number;
  review_count: number;
  level: Level;
}

const base = (serviceId: string) => `/client_service/${encodeURIComponent(serviceId)}/module/wcag`;

export const wcagApi = {
  settings: (serviceId: string) => api<Settings>(`${base(serviceId)}/settings`),
  saveSettings: (serviceId: string, body: { start_url: string | null; page_limit: number }) => api<Settings>(`${base(serviceId)}/settings`, { method: 'PUT', body }),
  start: (serviceId: string) => api<Analysis>(`${base(serviceId)}/analyses`, { method: 'POST' }),
  cancel: (serviceId: string, id: number) => api<Analysis>(`${base(serviceId)}/analyses/${id}/cancel`, { method: 'POST' }),
  history: (serviceId: string, page: number) => api<{ data: Analysis[]; pagination: { total: number } }>(`${base(serviceId)}/analyses`, { query: { page, per_page: 10 } }),
  analysis: (serviceId: string, id: number | 'latest') => api<Analysis & { pages: AnalysisPage[] }>(`${base(serviceId)}/analyses/${id}`),
  scores: (serviceId: string, analysis: string, type: string, prefix?: string) => api<Scores>(`${base(serviceId)}/analyses/${encodeURIComponent(analysis)}/scores/${encodeURIComponent(type)}`, { query: { prefix } }),
  criteria: (serviceId: string) => api<{ analysis_id: number | null; automated: { automated: number; total: number }; criteria: CatalogueEntry[] }>(`${base(serviceId)}/criteria`),
  criterion: (serviceId: string, id: string) => api<{ analysis_id: number | null; criterion: CriterionResult }>(`${base(serviceId)}/criteria/${encodeURIComponent(id)}`),
  check: (serviceId: string, id: string, body: { status: string; note: string }) => api(`${base(serviceId)}/criteria/${encodeURIComponent(id)}/check`, { method: 'PUT', body }),
  uncheck: (serviceId: string, id: string) => api(`${base(serviceId)}/criteria/${encodeURIComponent(id)}/check`, { method: 'DELETE' }),
  trend: (serviceId: string) => api<{ data: Array<Summary & { id: number; finished_at: string }> }>(`${base(serviceId)}/trend`),
};

