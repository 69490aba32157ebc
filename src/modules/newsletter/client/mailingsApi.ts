import { moduleOf } from '../../../client/schema/registry';
import { api } from '../../../client/providers/http';

/** What GET .../mailings/summaries lists. */
export interface MailingSummary {
  id: number;
  subject: string;
  template_id: number;
  status: MailingStatus;
  status_reason: string | null;
  /** The start asked for: a scheduled date, or none for "at once". */
  start_at: string | null;
  /** When the sending really began; none before. */
  started_at: string | null;
  archived: boolean;
  created_at: string;
  counts: { total: number; sent: number; failed: number; skipped: number };
}

export type MailingStatus = 'draft' | 'scheduled' | 'sending' | 'paused' | 'sent' | 'cancelled' | 'failed';

/** What GET .../mailings/{id}/progress answers. */
export interface MailingProgress {
  status: MailingStatus;
  status_reason: string | null;
  resume_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  counts: { total: number; queued: number; sending: number; sent: number; failed: number; skipped: number };
  events: { opened: number; clicked: number; unsubscribed: number };
}

export const mailingsModule = () => moduleOf('mailings');

export const mailingsApi = (serviceId: string) => `/client_service/${encodeURIComponent(serviceId)}/module/mailings`;

export function fetchSummaries(serviceId: string, query: { archived?: boolean; template_id?: string; page: number; perPage: number }, signal?: AbortSignal) {
  return api<{ data: MailingSummary[]; pagination: { total: number } }>(`${mailingsApi(serviceId)}/summaries`, {
    signal,
    query: { page: query.page, per_page: query.perPage, archived: query.archived, template_id: query.template_id },
  });
}

/** The routes of the mailing screens (src/modules/newsletter/client/routes.ts). */
export const mailingPaths = {
  list: (serviceId: string) => `/usluga/${serviceId}/wysylki`,
  create: (serviceId: string) => `/usluga/${serviceId}/wysylki/dodaj`,
  edit: (serviceId: string, id: number) => `/usluga/${serviceId}/wysylki/edytuj/${id}`,
  archive: (serviceId: string) => `/usluga/${serviceId}/wysylki/archiwalne`,
  archived: (serviceId: string, id: number) => `/usluga/${serviceId}/wysylki/archiwalne/${id}`,
  details: (serviceId: string, id: number) => `/usluga/${serviceId}/wysylki/szczegoly?mailing_id=${id}`,
  ofTemplate: (serviceId: string, templateId: string) => `/usluga/${serviceId}/szablony/${templateId}/wysylki`,
  templateCreate: (serviceId: string, templateId: string) => `/usluga/${serviceId}/szablony/${templateId}/wysylki/dodaj`,
  templateEdit: (serviceId: string, templateId: string, id: number) => `/usluga/${serviceId}/szablony/${templateId}/wysylki/edytuj/${id}`,
};
