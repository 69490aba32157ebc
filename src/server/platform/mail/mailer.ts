import type { DkimKey } from './dkim';

/** One outgoing message; the transport (SMTP or the DATA_DIR/outbox folder) is the mailer's concern. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** An address object (nodemailer quotes or encodes its name), or a plain address. */
  from?: string | { name: string; address: string };
  /** The Message-ID header (a newsletter delivery's own); otherwise one is made up. */
  messageId?: string;
  /** Extra header lines (a newsletter's List-Unsubscribe). */
  headers?: Record<string, string>;
  /** Keys that sign the message besides the mailer's own (a newsletter's sending domain). */
  dkim?: DkimKey[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** A message already in MIME form (a mailing's, compiled once for all its recipients), signed with `dkim` and the mailer's own key. */
  sendRaw(envelope: { from: string; to: string }, raw: string, dkim?: DkimKey[]): Promise<void>;
  close(): void;
}
