import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

export interface SunkMessage {
  to: string;
  raw: string;
}

export interface MailSink {
  port: number;
  url: string;
  messages: SunkMessage[];
  /** How many messages each address got. */
  countsByRecipient(): Map<string, number>;
  /** How many messages it took in all. */
  received(): number;
  close(): Promise<void>;
}

/**
 * An smtp-server on loopback that keeps every message (or, with keep: false, only counts them per
 * recipient). answer(to) may refuse a recipient's message with an SMTP error code, or delay it.
 */
export async function startMailSink(
  options: { keep?: boolean; answer?: (to: string) => Promise<{ code: number; message: string } | null> | { code: number; message: string } | null } = {},
): Promise<MailSink> {
  const keep = options.keep ?? true;
  const messages: SunkMessage[] = [];
  const counts = new Map<string, number>();
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    disabledCommands: ['STARTTLS'],
    logger: false,
    maxClients: 100,
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (keep) chunks.push(chunk);
      });
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address).join();
        void Promise.resolve(options.answer?.(to) ?? null).then((refusal) => {
          if (refusal) {
            const error = new Error(refusal.message) as Error & { responseCode: number };
            error.responseCode = refusal.code;
            callback(error);
            return;
          }
          counts.set(to, (counts.get(to) ?? 0) + 1);
          received += 1;
          if (keep) messages.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      });
    },
  });
  // A sender killed mid-message (the crash test) resets its connections: expected, not a failure.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    countsByRecipient: () => counts,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
