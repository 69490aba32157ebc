import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

export type SanitizeHtml = (html: string) => string;

const IFRAME_ATTRIBUTES = ['allow', 'allowfullscreen', 'frameborder', 'loading', 'referrerpolicy'];

function isAllowedFrameSource(src: string | null, hosts: ReadonlySet<string>): boolean {
  if (!src || !URL.canParse(src)) return false;
  const url = new URL(src);
  return url.protocol === 'https:' && hosts.has(url.hostname.toLowerCase());
}

/**
 * HTML from the database (content blocks, news) as the browser may show it: DOMPurify's defaults,
 * plus iframes whose https source is on the allow-list (config.iframeHosts); any other frame is
 * dropped. Links that open a new window get rel="noopener noreferrer".
 */
export function createSanitizer(iframeHosts: readonly string[]): SanitizeHtml {
  const hosts = new Set(iframeHosts.map((host) => host.toLowerCase()));
  const purify = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
  return (html) => {
    const body = purify.sanitize(html, {
      ADD_TAGS: ['iframe'],
      ADD_ATTR: [...IFRAME_ATTRIBUTES, 'target'],
      FORBID_ATTR: ['srcdoc'],
      RETURN_DOM: true,
    }) as HTMLElement;
    for (const frame of Array.from(body.querySelectorAll('iframe'))) {
      if (!isAllowedFrameSource(frame.getAttribute('src'), hosts)) frame.remove();
    }
    for (const link of Array.from(body.querySelectorAll('a[target]'))) link.setAttribute('rel', 'noopener noreferrer');
    return body.innerHTML;
  };
}
