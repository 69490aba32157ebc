/** What the reports' calls (GET /client_service/{id}/reports/...) count, for the server that answers and the screens that ask. */

/** The recipients' own events, as the delivery logs filter them. */
export const EVENT_KINDS = ['opened', 'clicked', 'unsubscribed'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** A mailing's or a period's figures: messages sent and failed, recipients who opened, clicked, unsubscribed. */
export interface Figures {
  sent: number;
  failed: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
}

/** The newsletter's part of the user's reports (GET /user/reports), for the server that answers and the page that shows it: a period's mailings of each service. */
export interface MailingSummary {
  /** Mailings started in the period, as the mailings report lists them with ?from and ?to. */
  mailings: number;
  /** Messages sent, and recipients who opened or clicked, as the totals report counts them. */
  sent: number;
  opened: number;
  clicked: number;
  /** Shares of the messages sent; null when none was sent. */
  rates: { opened: number; clicked: number } | null;
  /** Messages sent per Polish day of the period, every day listed. */
  days: Array<{ period: string; sent: number }>;
}
