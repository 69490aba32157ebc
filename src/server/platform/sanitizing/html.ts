import createDOMPurify, { type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';
import { createSanitizer } from '../../../common/content/sanitize';

/** HTML from the database (content blocks, news, regulations) as the browser may show it. */
export const sanitizeHtml = createSanitizer(createDOMPurify(new JSDOM('').window as unknown as WindowLike));
