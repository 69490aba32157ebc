import type { FastifyReply } from 'fastify';
import type { FileStore } from '../../../server/platform/files/store';

/**
 * Links to a tenant's HTML document (a template to download, a mailing as sent) that the browser
 * opens without its session (a download, a frame's src): signed by the file store's signer for one
 * record of one service, and short-lived. No object is stored under these keys; they only bind a
 * link to its record.
 */
export function documentLinks(files: FileStore, area: string) {
  const keyOf = (serviceId: number, id: number) => `${area}/s${serviceId}/${id.toString(16).padStart(32, '0')}.html`;
  return {
    /** The token for the record's link, valid for ttlSeconds. */
    sign: (serviceId: number, id: number, ttlSeconds: number) => files.signToken(keyOf(serviceId, id), ttlSeconds),
    /** The service and record a link names, when its token was signed for them and has not expired; else null. */
    verify(rawServiceId: string, rawId: string, token: unknown): { serviceId: number; id: number } | null {
      const serviceId = Number(rawServiceId);
      const id = Number(rawId);
      if (typeof token !== 'string' || !Number.isSafeInteger(serviceId) || !Number.isSafeInteger(id)) return null;
      return files.verifySigned(token) === keyOf(serviceId, id) ? { serviceId, id } : null;
    },
  };
}

/**
 * The tenant's markup from the panel's origin, never as a page of the panel: sandboxed (no script,
 * no form, no access to the origin) and able to load nothing but, when `pictures` is set, the
 * pictures, styles and fonts a mail client would show.
 */
export function sendDocument(reply: FastifyReply, html: string, options: { attachment?: string; pictures?: boolean }): FastifyReply {
  const policy = options.pictures
    ? "sandbox; default-src 'none'; img-src 'self' https: http: data:; style-src 'unsafe-inline' 'self' https:; font-src 'self' https: data:; frame-ancestors 'self'"
    : "sandbox; default-src 'none'";
  return reply
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Content-Disposition', options.attachment ? `attachment; filename="${options.attachment}"` : 'inline')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', policy)
    .send(html);
}
