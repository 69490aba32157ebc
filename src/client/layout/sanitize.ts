import DOMPurify from 'dompurify';

/** Hosts whose frames the footer blocks may embed (the server's default IFRAME_HOSTS). */
export const IFRAME_HOSTS = ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com', 'www.google.com'];

export function isAllowedFrameSource(src: string | null, hosts: readonly string[] = IFRAME_HOSTS): boolean {
  if (!src || !URL.canParse(src)) return false;
  const url = new URL(src);
  return url.protocol === 'https:' && hosts.includes(url.hostname.toLowerCase());
}

/** Content-block HTML as the browser may show it: DOMPurify's defaults plus allow-listed iframes. */
export function sanitizeHtml(html: string): string {
  const body = DOMPurify.sanitize(html, {
    ADD_TAGS: ['iframe'],
    ADD_ATTR: ['allow', 'allowfullscreen', 'frameborder', 'loading', 'referrerpolicy', 'target'],
    FORBID_ATTR: ['srcdoc'],
    RETURN_DOM: true,
  }) as HTMLElement;
  for (const frame of Array.from(body.querySelectorAll('iframe'))) {
    if (!isAllowedFrameSource(frame.getAttribute('src'))) frame.remove();
  }
  for (const link of Array.from(body.querySelectorAll('a[target]'))) link.setAttribute('rel', 'noopener noreferrer');
  return body.innerHTML;
}
