import type { Config, DOMPurify } from 'dompurify';

/**
 * The frames content blocks may embed, as CSP source expressions read them: host plus path, a path
 * ending in "/" allowing everything below it, any other path only itself. Whole hosts are not
 * allowed: www.google.com/url?q=… would frame any site.
 */
export const FRAME_SOURCES = ['www.youtube.com/embed/', 'www.youtube-nocookie.com/embed/', 'player.vimeo.com/video/', 'www.google.com/maps/embed', 'www.facebook.com/plugins/video.php'];

/** Form controls: a block must not be able to ask for a password inside the panel. */
export const FORM_TAGS = ['form', 'input', 'button', 'select', 'option', 'optgroup', 'textarea', 'datalist', 'output', 'fieldset', 'legend', 'label'];

const PURIFY_CONFIG: Config = {
  ADD_TAGS: ['iframe'],
  ADD_ATTR: ['allow', 'allowfullscreen', 'frameborder', 'loading', 'referrerpolicy', 'target'],
  // style (element and attribute) could restyle or cover the panel around the block.
  FORBID_TAGS: [...FORM_TAGS, 'style'],
  FORBID_ATTR: ['srcdoc', 'style'],
};

export function isAllowedFrameSource(src: string | null): boolean {
  if (!src || !URL.canParse(src)) return false;
  const url = new URL(src);
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') return false;
  return FRAME_SOURCES.some((source) => {
    const slash = source.indexOf('/');
    const host = source.slice(0, slash);
    const path = source.slice(slash);
    return url.hostname === host && (path.endsWith('/') ? url.pathname.startsWith(path) : url.pathname === path);
  });
}

/**
 * Content-block and news HTML as the browser may show it, the same on the server (DOMPurify on
 * jsdom) and in the browser: DOMPurify's defaults (no scripts, no event handlers) without form
 * controls and styles, plus allow-listed frames; links that open a new window get rel="noopener noreferrer".
 * The checks run as DOMPurify walks the tree (hooks on an instance of its own), not in a second walk after it.
 */
export function createSanitizer(purify: DOMPurify): (html: string) => string {
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'IFRAME' && !isAllowedFrameSource(node.getAttribute('src'))) node.remove();
    else if (node.nodeName === 'A' && node.hasAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
  });
  return (html) => purify.sanitize(html, PURIFY_CONFIG);
}
