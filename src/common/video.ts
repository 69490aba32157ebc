import { isAllowedFrameSource } from './content/sanitize';

/**
 * A site's videos from elsewhere (moduly/filmy): links to YouTube or Facebook and embed code, both
 * kept as the one embed address a frame may open. Pure, so the server stores what the browser's
 * preview checks again before framing it.
 */

/** The hosts a video link may name, each with its subdomains (www., m., web.). */
const YOUTUBE_HOSTS = ['youtube.com', 'youtube-nocookie.com'];
const YOUTUBE_SHORT = 'youtu.be';
const FACEBOOK_HOSTS = ['facebook.com'];
const FACEBOOK_SHORT = 'fb.watch';

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
/** YouTube paths naming the video in their second segment. */
const YOUTUBE_PATHS = ['embed', 'shorts', 'live', 'v'];
/** Facebook's video player; the video it plays is its `href`. */
const FACEBOOK_PLAYER = 'https://www.facebook.com/plugins/video.php';

const within = (host: string, domains: readonly string[]) => domains.some((domain) => host === domain || host.endsWith(`.${domain}`));

function parsedLink(link: string): URL | null {
  const trimmed = link.trim();
  if (!URL.canParse(trimmed)) return null;
  const url = new URL(trimmed);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.port !== '' || url.username !== '' || url.password !== '') return null;
  return url;
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (host === YOUTUBE_SHORT || host === `www.${YOUTUBE_SHORT}`) id = segments[0];
  else if (!within(host, YOUTUBE_HOSTS)) return null;
  else if (segments[0] === 'watch') id = url.searchParams.get('v');
  else if (YOUTUBE_PATHS.includes(segments[0])) id = segments[1];
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** A Facebook video's own address (a page's /videos/…, /watch/?v=…, /reel/…, or fb.watch/…), without tracking parameters. */
function facebookVideo(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  if (host === FACEBOOK_SHORT || host === `www.${FACEBOOK_SHORT}`) return segments.length === 1 ? `https://${FACEBOOK_SHORT}/${segments[0]}/` : null;
  if (!within(host, FACEBOOK_HOSTS)) return null;
  if (url.pathname === '/plugins/video.php') {
    const href = url.searchParams.get('href');
    const inner = href && parsedLink(href);
    return inner && inner.pathname !== '/plugins/video.php' ? facebookVideo(inner) : null;
  }
  const watched = url.searchParams.get('v');
  if (segments[0] === 'watch' && watched && /^\d+$/.test(watched)) return `https://www.facebook.com/watch/?v=${watched}`;
  const video = segments.findIndex((segment) => segment === 'videos' || segment === 'reel');
  if (video >= 0 && segments.slice(video + 1).some((segment) => /^\d+$/.test(segment))) return `https://www.facebook.com/${segments.join('/')}/`;
  return null;
}

/**
 * The embed address of a YouTube or Facebook video link, or null for anything else: YouTube's
 * through youtube-nocookie.com (no cookies until the video plays), Facebook's through its player.
 */
export function videoEmbedUrl(link: string): string | null {
  const url = parsedLink(link);
  if (!url) return null;
  const id = youtubeId(url);
  if (id) return `https://www.youtube-nocookie.com/embed/${id}`;
  const video = facebookVideo(url);
  return video ? `${FACEBOOK_PLAYER}?href=${encodeURIComponent(video)}&show_text=false` : null;
}

/** Whether a frame may open this address: an embed address videoEmbedUrl makes, and one the panel's frame policy allows. */
export function isVideoEmbedUrl(src: string): boolean {
  return isAllowedFrameSource(src) && videoEmbedUrl(src) === src;
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };
const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
  });

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What embed code holds: a script (refused outright), no allowed video frame, or the one frame it opens. */
export type EmbedCode = { problem: 'script' | 'no_frame' | 'many_frames' } | { src: string; html: string };

/**
 * Embed code as it may be stored: only the frame of one allow-listed video, written anew by us
 * (address normalised, fixed attributes), whatever else the code held. Code with a script is
 * refused rather than cleaned, so that a site editor learns the site will not run it.
 */
export function sanitizeEmbedCode(code: string, title: string): EmbedCode {
  if (/<\s*script\b/i.test(code) || /\bjavascript\s*:/i.test(code)) return { problem: 'script' };
  const frames = [...code.matchAll(/<\s*iframe\b([^>]*)>/gi)];
  if (frames.length > 1) return { problem: 'many_frames' };
  const source = frames[0] && /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(` ${frames[0][1]}`);
  const src = source && videoEmbedUrl(decodeEntities(source[1] ?? source[2] ?? source[3]));
  if (!src) return { problem: 'no_frame' };
  return { src, html: videoFrameHtml(src, title) };
}

/** The frame of a video as the site embeds it. */
export function videoFrameHtml(src: string, title: string): string {
  return `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" width="560" height="315" loading="lazy" referrerpolicy="strict-origin-when-cross-origin" allow="encrypted-media; picture-in-picture; fullscreen" allowfullscreen></iframe>`;
}
