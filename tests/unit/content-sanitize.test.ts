// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml as sanitizeInBrowser } from '../../src/client/layout/sanitize';
import { sanitizeHtml as sanitizeOnServer } from '../../src/server/platform/sanitizing/html';

const frame = (src: string) => `<iframe src="${src}"></iframe>`;
const keptFrames = (html: string) => [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('iframe')].map((f) => f.getAttribute('src'));

describe.each([
  ['in the browser', sanitizeInBrowser],
  ['on the server', sanitizeOnServer],
])('content HTML %s', (_side, sanitizeHtml) => {
  it('keeps frames of the allowed embed paths only, not whole hosts', () => {
    const allowed = [
      'https://www.youtube.com/embed/abc',
      'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?rel=0',
      'https://player.vimeo.com/video/1',
      'https://www.google.com/maps/embed?pb=!1m18',
    ];
    const refused = [
      'https://www.google.com/url?q=https://evil.example.org',
      'https://www.google.com/maps/embedded',
      'https://www.youtube.com/watch?v=abc',
      'https://www.youtube.com/embed/../redirect?q=https://evil.example.org',
      'https://www.youtube.com:8443/embed/abc',
      'https://user@www.youtube.com/embed/abc',
      'https://player.vimeo.com.evil.example.org/video/1',
      'http://www.youtube.com/embed/abc',
      'javascript:alert(1)',
    ];
    expect(keptFrames(sanitizeHtml([...allowed, ...refused].map(frame).join('')))).toEqual(allowed);
  });

  it('drops forms and every form control', () => {
    const html = sanitizeHtml(
      '<p>Zaloguj się ponownie</p><form action="https://evil.example.org"><label>Hasło<input type="password" name="p"></label>' +
        '<select><option>a</option></select><textarea>t</textarea><button>Wyślij</button><fieldset><legend>x</legend></fieldset></form><input>',
    );
    expect(html).not.toMatch(/<(form|input|label|select|option|textarea|button|fieldset|legend)\b/);
    expect(html).toContain('<p>Zaloguj się ponownie</p>');
  });

  it('drops styles and every event handler', () => {
    const html = sanitizeHtml(
      '<style>body{display:none}</style><p style="position:fixed;inset:0" onclick="a()" onmouseover="b()" onfocus="c()">Tekst</p>' +
        '<img src="x" onerror="d()" onload="e()"><a href="https://x.pl" onpointerenter="f()">x</a>' +
        '<iframe src="https://player.vimeo.com/video/1" onload="g()" style="width:100vw"></iframe>',
    );
    expect(html).not.toMatch(/style|\son\w+=/i);
    expect(html).toContain('Tekst');
    expect(keptFrames(html)).toEqual(['https://player.vimeo.com/video/1']);
  });

  it('drops scripts and makes new-window links safe', () => {
    const html = sanitizeHtml('<script>alert(1)</script><a href="https://x.pl" target="_blank">x</a><iframe srcdoc="<script>alert(1)</script>"></iframe>');
    expect(html).toBe('<a href="https://x.pl" target="_blank" rel="noopener noreferrer">x</a>');
  });
});
