import type { Config, DOMPurify } from 'dompurify';

/**
 * The frames content blocks may embed, as CSP source expressions read them: host plus path, a path
 * ending in "/" allowing everything below it, any other path only itself. Whole hosts are not
 * allowed: www.google.com/url?q=… would frame any site.
 */
export const FRAME_SOURCES = ['www.youtube.com/embed/', 'www.youtube-nocookie.com/embed/', 'player.vimeo.com/video/', 'www.google.com/maps/embed', 'www.facebook.com/plugins/video.php'];

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

/** An element as a policy's last check sees it, whichever engine holds it. */
export interface PolicyElement {
  readonly tag: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
}

/**
 * What HTML may keep. One policy is applied by two engines: DOMPurify in the browser (`createSanitizer`)
 * and, on the server, a walker over parse5's tree (`src/server/platform/sanitizing/html.ts`), which
 * spares the server a whole DOM (jsdom). HTML elements only: SVG and MathML go with their content.
 */
export interface HtmlPolicy {
  /** The elements kept, lower case. */
  readonly tags: readonly string[];
  /** The attributes kept on any kept element, besides data-* and aria-*. */
  readonly attributes: readonly string[];
  /** A whole document (html, head and body) rather than the body's content. */
  readonly wholeDocument: boolean;
  /** Runs on each kept element once its attributes are clean: false removes it with its content. */
  readonly finish?: (element: PolicyElement) => boolean;
}

/**
 * Elements that, when not kept, go with everything inside them (other elements leave their
 * content in their place): DOMPurify's list, so that both engines agree.
 */
export const DROPPED_WITH_CONTENT = new Set(['annotation-xml', 'audio', 'colgroup', 'desc', 'foreignobject', 'head', 'iframe', 'math', 'mi', 'mn', 'mo', 'ms', 'mtext', 'noembed', 'noframes', 'noscript', 'plaintext', 'script', 'selectedcontent', 'style', 'svg', 'template', 'thead', 'title', 'video', 'xmp']);
/** Elements whose text the serialiser writes unescaped: markup-like text in them is refused with them. */
export const LITERAL_TEXT_TAGS = new Set(['style', 'script', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext', 'noscript']);
/** Attributes whose value is never a URL, so any value is kept. */
export const URI_SAFE_ATTRIBUTES = new Set(['alt', 'class', 'for', 'id', 'label', 'name', 'pattern', 'placeholder', 'role', 'summary', 'title', 'value', 'style', 'xmlns']);
/** Elements whose src may be a data: URL. */
export const DATA_URI_TAGS = new Set(['audio', 'video', 'img', 'source', 'image', 'track']);
/** Other attribute values must read as an allowed URL scheme or as no scheme at all (javascript: is refused). */
export const ALLOWED_URI = /^(?:(?:(?:f|ht)tps?|mailto|tel|callto|sms|cid|xmpp|matrix):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
/** What browsers ignore inside a URL's scheme ("java\tscript:"), removed before the check. */
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
export const ATTR_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
export const DATA_ATTRIBUTE = /^data-[-\w.\u00B7-\uFFFF]+$/;
export const ARIA_ATTRIBUTE = /^aria-[-\w]+$/;
/** Values that could end a comment or a raw-text element if the HTML were ever re-read in another context. */
export const VALUE_BREAKOUT = /((--!?|])>)|<\/(style|script|title|xmp|textarea|noscript|iframe|noembed|noframes)/i;
/** Text that reads as markup: an element of LITERAL_TEXT_TAGS holding it is removed. */
export const MARKUP_PROBE = /<[/\w!]/;

const TEXT_TAGS = ['a', 'abbr', 'address', 'article', 'aside', 'b', 'bdi', 'bdo', 'big', 'blockquote', 'br', 'caption', 'center', 'cite', 'code', 'col', 'colgroup', 'data', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'font', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'main', 'map', 'area', 'mark', 'nav', 'ol', 'p', 'picture', 'pre', 'q', 'rp', 'rt', 'ruby', 's', 'samp', 'section', 'small', 'source', 'span', 'strike', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'track', 'tt', 'u', 'ul', 'var', 'wbr'];
const TEXT_ATTRIBUTES = ['align', 'alt', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'cite', 'class', 'color', 'colspan', 'coords', 'datetime', 'decoding', 'dir', 'face', 'headers', 'height', 'hidden', 'href', 'hreflang', 'id', 'lang', 'loading', 'nowrap', 'open', 'rel', 'reversed', 'role', 'rowspan', 'scope', 'shape', 'sizes', 'span', 'src', 'srcset', 'start', 'summary', 'target', 'title', 'translate', 'type', 'usemap', 'valign', 'width'];
const MEDIA_ATTRIBUTES = ['autoplay', 'controls', 'kind', 'label', 'loop', 'muted', 'playsinline', 'poster', 'preload', 'srclang'];

/**
 * Content-block and news HTML as the browser may show it: text, tables, pictures and media, and
 * frames from the allow-listed embed paths; no scripts, event handlers, form controls (a block must
 * not ask for a password inside the panel) or styles (they could restyle or cover the panel around
 * the block). Links that open a new window get rel="noopener noreferrer".
 */
export const CONTENT_POLICY: HtmlPolicy = {
  tags: [...TEXT_TAGS, 'audio', 'video', 'iframe'],
  attributes: [...TEXT_ATTRIBUTES, ...MEDIA_ATTRIBUTES, 'allow', 'allowfullscreen', 'frameborder', 'referrerpolicy'],
  wholeDocument: false,
  finish(element) {
    if (element.tag === 'iframe') return isAllowedFrameSource(element.getAttribute('src'));
    if (element.tag === 'a' && element.getAttribute('target') !== null) element.setAttribute('rel', 'noopener noreferrer');
    return true;
  },
};

/**
 * An e-mail's HTML (a newsletter template as a mailing or a test send carries it): the whole
 * document, so the head's styles and the inline styles of e-mail markup stay; no scripts, event
 * handlers, form controls, frames or embedded objects (a message must not ask for a password or
 * load a page).
 */
export const MAIL_POLICY: HtmlPolicy = {
  tags: [...TEXT_TAGS, 'html', 'head', 'body', 'meta', 'style'],
  attributes: [...TEXT_ATTRIBUTES, 'background', 'charset', 'content', 'name', 'style', 'xmlns'],
  wholeDocument: true,
};

/** A policy as DOMPurify's configuration: its own lists replaced by the policy's. */
function purifyConfig(policy: HtmlPolicy): Config {
  return {
    ALLOWED_TAGS: [...policy.tags],
    ALLOWED_ATTR: [...policy.attributes],
    FORBID_CONTENTS: [...DROPPED_WITH_CONTENT],
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    WHOLE_DOCUMENT: policy.wholeDocument,
  };
}

/**
 * A policy applied by DOMPurify (the browser's engine). The policy's last check runs as DOMPurify
 * walks the tree (a hook on an instance of its own), not in a second walk after it.
 */
export function createSanitizer(purify: DOMPurify, policy: HtmlPolicy): (html: string) => string {
  const { finish } = policy;
  if (finish) {
    purify.addHook('afterSanitizeAttributes', (node) => {
      const element: PolicyElement = {
        tag: node.nodeName.toLowerCase(),
        getAttribute: (name) => node.getAttribute(name),
        setAttribute: (name, value) => node.setAttribute(name, value),
      };
      if (!finish(element)) node.remove();
    });
  }
  const config = purifyConfig(policy);
  return (html) => purify.sanitize(html, config);
}
