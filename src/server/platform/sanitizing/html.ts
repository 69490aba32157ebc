import createDOMPurify, { type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';
import { sanitizeWith } from '../../../common/content/sanitize';

const purify = createDOMPurify(new JSDOM('').window as unknown as WindowLike);

/** HTML from the database (content blocks, news, regulations) as the browser may show it. */
export function sanitizeHtml(html: string): string {
  return sanitizeWith(purify, html);
}
