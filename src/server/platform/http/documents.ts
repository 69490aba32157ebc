import type { FastifyReply } from 'fastify';
import type { LinkPurpose, SignedLinks } from '../files/signed-links';

/**
 * Links to a tenant's HTML document (a template to download, a mailing as sent, a WCAG statement) that the browser
 * opens without its session (a download, a frame's src): signed for one purpose and one record of
 * one service, and short-lived.
 */
export function documentLinks(links: SignedLinks, purpose: Extract<LinkPurpose, 'template-download' | 'mailing-page' | 'wcag-statement'>) {
  return {
    /** The token for the record's link, valid for ttlSeconds. */
    sign: (serviceId: number, id: number, ttlSeconds: number) => links.sign(purpose, `${serviceId}/${id}`, ttlSeconds),
    /** The service and record a link names, when its token was signed for them, exactly as the link writes them, and has not expired; else null. */
    verify(rawServiceId: string, rawId: string, token: unknown): { serviceId: number; id: number } | null {
      if (links.verify(purpose, token) !== `${rawServiceId}/${rawId}`) return null;
      return { serviceId: Number(rawServiceId), id: Number(rawId) };
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
