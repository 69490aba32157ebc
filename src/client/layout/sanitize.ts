import createDOMPurify from 'dompurify';
import { CONTENT_POLICY, createSanitizer } from '../../common/content/sanitize';

/** Content-block HTML as the browser may show it, by the server's own policy (an instance of its own, so its hooks stay its own). */
export const sanitizeHtml = createSanitizer(createDOMPurify(window), CONTENT_POLICY);
