import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { type OutboundPolicy, resolveOutboundTarget, serverName } from './guard';

/**
 * A nodemailer transport to a tenant's SMTP server, through the outbound guard: it dials the
 * checked IP address (nodemailer resolves nothing itself then) while STARTTLS or implicit TLS
 * still presents and verifies the host name the tenant gave.
 */
export async function guardedSmtpTransport(options: SMTPTransport.Options & { host: string }, policy: OutboundPolicy) {
  const target = await resolveOutboundTarget(options.host, policy);
  return nodemailer.createTransport({ ...options, host: target.address, servername: serverName(target) });
}
