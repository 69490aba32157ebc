import createDOMPurify, { type Config, type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';
import { createSanitizer, FORM_TAGS } from '../../../common/content/sanitize';

/** HTML from the database (content blocks, news, regulations) as the browser may show it. */
export const sanitizeHtml = createSanitizer(createDOMPurify(new JSDOM('').window as unknown as WindowLike));

/**
 * An e-mail's HTML (a newsletter template as a mailing or a test send carries it): DOMPurify's
 * defaults (no scripts, no event handlers, no javascript: links) on the whole document, so the
 * head's styles and the inline styles of e-mail markup stay, without form controls or embedded
 * frames and objects (a message must not ask for a password or load a page).
 */
const MAIL_CONFIG: Config = {
  WHOLE_DOCUMENT: true,
  ADD_TAGS: ['meta'],
  ADD_ATTR: ['target', 'charset', 'content'],
  FORBID_TAGS: [...FORM_TAGS, 'iframe', 'frame', 'object', 'embed', 'base'],
};
const mailPurify = createDOMPurify(new JSDOM('').window as unknown as WindowLike);
export const sanitizeMailHtml = (html: string): string => mailPurify.sanitize(html, MAIL_CONFIG);
