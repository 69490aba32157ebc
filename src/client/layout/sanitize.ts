import DOMPurify from 'dompurify';
import { sanitizeWith } from '../../common/content/sanitize';

/** Content-block HTML as the browser may show it, by the server's own policy. */
export function sanitizeHtml(html: string): string {
  return sanitizeWith(DOMPurify, html);
}
