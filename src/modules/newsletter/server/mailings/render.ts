import { createHmac, timingSafeEqual } from 'node:crypto';
import { encodeWord, isPlainText, quoteString } from 'nodemailer/lib/mime-funcs';
import type { Queryable } from '../../../../server/platform/db';
import { t } from '../../../../server/platform/http/errors';
import { sanitizeMailHtml } from '../../../../server/platform/sanitizing/html';
import type { OutgoingMessage } from './transports';

/**
 * A mailing's messages. Templates may ask for the recipient with the placeholders {{name}} and
 * {{email}}, and place the unsubscribe link with {{unsubscribe_url}} (otherwise a footer with it
 * is added). With tracking on, every http(s) link goes through a signed click link and an open
 * pixel closes the body.
 */
export const PLACEHOLDERS = ['name', 'email', 'unsubscribe_url'] as const;

export type TokenKind = 'unsubscribe' | 'open' | 'click';

const KIND_MARK: Record<TokenKind, string> = { unsubscribe: 'u', open: 'o', click: 'c' };
const TOKEN = /^([uoc])([0-9a-z]{1,11})(?:-(\d{1,4}))?\.([A-Za-z0-9_-]{22})$/;

/**
 * Signs and reads the recipients' links: short (they must fit a route parameter and many fit in one
 * message), without expiry (an unsubscribe link in an old message must still work), bound to one
 * delivery, one kind and, for a click, one link: `{kind}{delivery id base 36}[-{link}].{HMAC}`.
 */
export class DeliveryTokens {
  private readonly key: Buffer;

  constructor(secret: Uint8Array) {
    // A key of its own: a link's signature never equals anything else signed with the secret.
    this.key = createHmac('sha256', secret).update('newsletter-delivery-links').digest();
  }

  private signature(body: string): string {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, 16).toString('base64url');
  }

  sign(kind: TokenKind, deliveryId: number, link?: number): string {
    const body = `${KIND_MARK[kind]}${deliveryId.toString(36)}${link === undefined ? '' : `-${link}`}`;
    return `${body}.${this.signature(body)}`;
  }

  /**
   * A delivery's Message-ID: the same on every try of it (a copy sent again after a crash is one
   * receivers can drop), and signed so that no other installation mailing from the domain makes it.
   */
  messageId(deliveryId: number, mailingId: number, domain: string): string {
    const body = `d${deliveryId}.m${mailingId}`;
    return `<${body}.${this.signature(`message:${body}`)}@${domain}>`;
  }

  /** The delivery (and link) a token was signed for, when it is genuine and of this kind. */
  read(kind: TokenKind, token: string): { deliveryId: number; link?: number } | null {
    const match = TOKEN.exec(token);
    if (!match || match[1] !== KIND_MARK[kind] || (kind === 'click') !== (match[3] !== undefined)) return null;
    const body = token.slice(0, token.lastIndexOf('.'));
    const expected = Buffer.from(this.signature(body));
    const given = Buffer.from(match[4]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const deliveryId = Number.parseInt(match[2], 36);
    if (!Number.isSafeInteger(deliveryId)) return null;
    return match[3] === undefined ? { deliveryId } : { deliveryId, link: Number(match[3]) };
  }
}

const TRACKED_LINK = /(href\s*=\s*)(["'])(https?:\/\/[^"']+)\2/gi;

/** The http(s) links of a template's html as it is sent (sanitised), in order: click tracking refers to them by index. */
export function trackedLinks(html: string): string[] {
  return [...sanitizeMailHtml(html).matchAll(TRACKED_LINK)].map((match) => decodeEntities(match[3]));
}

function decodeEntities(value: string): string {
  return value.replace(/&amp;/g, '&');
}

/** Text for markup: every character HTML gives a meaning escaped (for content and attribute values alike). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

type Part = string | { placeholder: (typeof PLACEHOLDERS)[number] } | { link: number } | { pixel: true };

export interface PreparedMailing {
  subject: string;
  /** The List-Id header's value (listIdOf). */
  listId: string;
  parts: Part[];
  tracking: boolean;
  links: string[];
}

/** Splits the html, sanitised as every message's is (no script, form or frame), once into text and what each message fills in. */
export function prepareMailing(subject: string, html: string, tracking: boolean, listId: string): PreparedMailing {
  let index = 0;
  const links: string[] = [];
  let body = sanitizeMailHtml(html).replace(TRACKED_LINK, (_whole, prefix: string, quote: string, url: string) => {
    links.push(decodeEntities(url));
    return `${prefix}${quote}\u0000link:${index++}\u0000${quote}`;
  });
  body = body.replace(/\{\{\s*(name|email|unsubscribe_url)\s*\}\}/g, (_whole, name: string) => `\u0000${name}\u0000`);
  if (!body.includes('\u0000unsubscribe_url\u0000')) {
    const footer = `<p style="font-size:12px;color:#666666;text-align:center">${escapeHtml(t('resources.mailings.mail.footer'))} <a href="\u0000unsubscribe_url\u0000">${escapeHtml(t('resources.mailings.mail.unsubscribe'))}</a></p>`;
    body = insertBeforeBodyEnd(body, footer);
  }
  if (tracking) body = insertBeforeBodyEnd(body, '\u0000pixel\u0000');
  const parts: Part[] = body.split('\u0000').map((piece, position) => {
    if (position % 2 === 0) return piece;
    if (piece === 'pixel') return { pixel: true };
    if (piece.startsWith('link:')) return { link: Number(piece.slice(5)) };
    return { placeholder: piece as (typeof PLACEHOLDERS)[number] };
  });
  return { subject, listId, parts, tracking, links };
}

/**
 * A service's newsletter as RFC 2919 names a list: its name as a quoted (or, beyond ASCII, encoded)
 * phrase, line breaks dropped, so that no name adds a header; and an identifier under the panel's
 * host, `newsletter-{service id}.{host}`.
 */
export function listIdOf(serviceId: number, serviceName: string, publicUrl: string): string {
  const name = serviceName.replace(/[\r\n]+/g, ' ').trim();
  const phrase = isPlainText(name) ? quoteString(name) : encodeWord(name, 'Q', 52);
  return `${phrase} <newsletter-${serviceId}.${new URL(publicUrl).hostname}>`;
}

/** The List-Id of a service's mailings. */
export async function mailingListId(db: Queryable, serviceId: number, publicUrl: string): Promise<string> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM client_services WHERE id = $1', [serviceId]);
  return listIdOf(serviceId, rows[0]?.name ?? '', publicUrl);
}

function insertBeforeBodyEnd(html: string, addition: string): string {
  const end = html.search(/<\/body\s*>/i);
  return end === -1 ? html + addition : html.slice(0, end) + addition + html.slice(end);
}

export interface Recipient {
  deliveryId: number;
  email: string;
  name: string;
  /** The delivery's Message-ID (DeliveryTokens.messageId). */
  messageId: string;
}

/** Where the public newsletter calls are: {publicUrl}/api/newsletter/... */
export const publicPaths = (publicUrl: string) => {
  const base = `${publicUrl.replace(/\/+$/, '')}/api/newsletter`;
  return {
    unsubscribe: (token: string) => `${base}/unsubscribe/${token}`,
    open: (token: string) => `${base}/open/${token}`,
    click: (token: string) => `${base}/click/${token}`,
  };
};

/**
 * The pieces of one recipient's message: the html's parts (the prepared ones, placeholders filled
 * and links signed), the text part, and the unsubscribe link.
 */
export function renderParts(prepared: PreparedMailing, recipient: Recipient, tokens: DeliveryTokens, publicUrl: string): { html: string[]; text: string; unsubscribe: string } {
  const paths = publicPaths(publicUrl);
  const unsubscribe = paths.unsubscribe(tokens.sign('unsubscribe', recipient.deliveryId));
  const html = prepared.parts.map((part) => {
    if (typeof part === 'string') return part;
    if ('placeholder' in part) return escapeHtml(part.placeholder === 'name' ? recipient.name : part.placeholder === 'email' ? recipient.email : unsubscribe);
    if ('link' in part) return escapeHtml(prepared.tracking ? paths.click(tokens.sign('click', recipient.deliveryId, part.link)) : prepared.links[part.link]);
    return `<img src="${escapeHtml(paths.open(tokens.sign('open', recipient.deliveryId)))}" width="1" height="1" alt="" style="display:block;border:0">`;
  });
  // The html always carries the unsubscribe link (the template's placeholder or the footer), so the text has it once.
  return { html, text: `${textOf(html.join(''))}\n`, unsubscribe };
}

/** The message of one recipient: placeholders filled, links signed, the RFC 8058 headers. */
export function renderMessage(prepared: PreparedMailing, recipient: Recipient, tokens: DeliveryTokens, publicUrl: string): OutgoingMessage {
  const { html, text, unsubscribe } = renderParts(prepared, recipient, tokens, publicUrl);
  return {
    to: recipient.email,
    subject: prepared.subject,
    html: html.join(''),
    text,
    messageId: recipient.messageId,
    headers: { 'List-Id': prepared.listId, 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** A link of the html: its address and its content. */
const LINK = /<a\s[^>]*?href\s*=\s*(["'])([^"']*)\1[^>]*>([\s\S]*?)<\/a\s*>/gi;

/** A plain-text part: the html's text, links as "text (address)", tags and styles dropped, blank runs folded. */
function textOf(html: string): string {
  return html
    .replace(/<(style|script|head)[\s\S]*?<\/\1\s*>/gi, '')
    .replace(LINK, (_whole, _quote: string, href: string, content: string) => {
      const label = content.replace(/<[^>]+>/g, '').trim();
      const address = decodeEntities(href);
      return label && label !== address && label !== href ? `${content} (${address})` : address;
    })
    .replace(/<br\s*\/?>|<\/(p|div|tr|h\d|li)\s*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&#(\d+);/g, (_whole, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
}
