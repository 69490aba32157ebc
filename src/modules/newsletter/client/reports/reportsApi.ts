import { api } from '../../../../client/providers/http';
import type { Page } from '../../../../client/ui/PagedResults';
import type { EventKind, Figures } from '../../common/reports';

/** The figures of one started mailing (GET .../reports/mailings). */
export interface MailingStatistics {
  id: number;
  subject: string;
  status: string;
  started_at: string;
  finished_at: string | null;
  total: number;
  sent: number;
  failed: number;
  /** Not sent: the recipient unsubscribed or was deleted after the start. */
  skipped: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
  rates: { failed: number; opened: number; clicked: number; unsubscribed: number };
}


/** GET .../reports/mailings/totals. */
export interface MailingTotals {
  group: 'day' | 'month';
  from: string;
  to: string;
  data: Array<Figures & { period: string }>;
  totals: Figures;
}


/** GET .../reports/logs. */
interface DeliveryEvent {
  id: number;
  occurred_at: string;
  kind: EventKind;
  url: string | null;
  mailing_id: number;
  subject: string;
  email: string;
  name: string;
}

const reports = (serviceId: string) => `/client_service/${encodeURIComponent(serviceId)}/reports`;

/** The report's query as the API takes it: empty values left out. */
const defined = (query: Record<string, string | number | undefined>) => Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''));

export const fetchStatistics = (serviceId: string, query: Record<string, string | number | undefined>, signal?: AbortSignal) =>
  api<Page<MailingStatistics>>(`${reports(serviceId)}/mailings`, { signal, query: defined(query) });

export const fetchTotals = (serviceId: string, query: Record<string, string | undefined>, signal?: AbortSignal) =>
  api<MailingTotals>(`${reports(serviceId)}/mailings/totals`, { signal, query: defined(query) });

export const fetchLogs = (serviceId: string, query: Record<string, string | number | undefined>, signal?: AbortSignal) =>
  api<Page<DeliveryEvent>>(`${reports(serviceId)}/logs`, { signal, query: defined(query) });

export const reportPaths = {
  statistics: (serviceId: string) => `/usluga/${serviceId}/raporty/statystyki_wysylek`,
  totals: (serviceId: string) => `/usluga/${serviceId}/raporty/statystyki_wysylek/sumy`,
  logs: (serviceId: string, mailingId?: number) => `/usluga/${serviceId}/raporty/logi${mailingId ? `?mailing_id=${mailingId}` : ''}`,
};

const numbers = new Intl.NumberFormat('pl-PL');
const percents = new Intl.NumberFormat('pl-PL', { style: 'percent', maximumFractionDigits: 1 });

export const formatNumber = (value: number) => numbers.format(value);
export const formatRate = (value: number) => percents.format(value);

/** A period of the totals in Polish: "30 mar 2025" for a day, "marzec 2025" for a month. */
export function formatPeriod(period: string, group: 'day' | 'month'): string {
  const [year, month, day = 1] = period.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return group === 'day'
    ? date.toLocaleDateString('pl-PL', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' })
    : date.toLocaleDateString('pl-PL', { timeZone: 'UTC', month: 'long', year: 'numeric' });
}
