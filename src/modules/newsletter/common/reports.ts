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
