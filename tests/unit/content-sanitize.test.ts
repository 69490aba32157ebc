// @vitest-environment jsdom
import createDOMPurify from 'dompurify';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml as sanitizeInBrowser } from '../../src/client/layout/sanitize';
import { CONTENT_POLICY, createSanitizer, MAIL_POLICY } from '../../src/common/content/sanitize';
import { sanitizeMailHtml, sanitizeHtml as sanitizeOnServer } from '../../src/server/platform/sanitizing/html';

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

/** What content authors and newsletter templates write: both engines must give the same HTML back. */
const EVERYDAY_HTML = [
  'Zwykły tekst & znaki < bez znaczników',
  '<p>Zażółć <b>gęślą</b> <i>jaźń</i>&nbsp;— <a href="https://x.pl/?a=1&amp;b=2" title="Tytuł &quot;cytat&quot;">link</a></p>',
  '\n  <h2 id="oferta">Oferta</h2><ul><li>jeden</li><li>dwa<ol start="3"><li>trzy</li></ol></li></ul>',
  '<table border="1" cellpadding="4"><caption>Ceny</caption><thead><tr><th scope="col">Usługa</th></tr></thead><tbody><tr><td colspan="2" align="center">10 zł</td></tr></tbody></table>',
  '<td>komórka bez tabeli</td><tr><td>wiersz</td></tr>',
  '<p>akapit<table><tr><td>tabela w akapicie</td></tr></table></p>',
  '<img src="/files/logo.png" alt="Logo" width="120" height="40" loading="lazy"><img src="data:image/png;base64,iVBORw0KGgo=" alt="">',
  '<a href="mailto:biuro@example.pl">e-mail</a> <a href="tel:+48123456789">telefon</a> <a href="#oferta">w górę</a> <a href="strona.html">względny</a>',
  '<a href="https://x.pl" target="_blank" rel="nofollow">nowe okno</a>',
  '<p data-blok="7" aria-label="Opis" class="wyroznienie" dir="rtl" lang="pl">atrybuty</p>',
  '<figure><picture><source srcset="a.webp 1x, b.webp 2x" type="image/webp"><img src="a.png" alt="a"></picture><figcaption>Podpis</figcaption></figure>',
  '<video controls poster="/p.png" width="320"><source src="/film.mp4" type="video/mp4"><track kind="captions" src="/napisy.vtt" srclang="pl" label="Polski"></video>',
  '<audio controls src="/dzwiek.mp3"></audio>',
  '<iframe src="https://www.youtube.com/embed/abc" width="560" height="315" frameborder="0" allowfullscreen allow="autoplay; encrypted-media" referrerpolicy="strict-origin"></iframe>',
  '<details open><summary>Więcej</summary><p>Ukryte</p></details><hr><blockquote cite="https://x.pl">Cytat</blockquote><pre><code>kod &lt;b&gt;</code></pre>',
  '<p>niedomknięty <b>pogrubiony <i>kursywa</p><p>dalej',
  '<div><span style="color:red">kolor</span><font color="red" face="Arial">stara czcionka</font><center>środek</center></div>',
  '<p>Komentarz<!-- ukryty --> i <unknown-tag>nieznany znacznik</unknown-tag></p>',
];

/** Attacks from the usual lists: both engines must give the same answer, and it must be inert. */
const HOSTILE_HTML = [
  '<script>alert(1)</script><p>po skrypcie</p>',
  '<img src=x onerror=alert(1)><body onload=alert(2)>',
  '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><a href="java\tscript:alert(1)">c</a><a href=" javascript:alert(1)">d</a>',
  '<a href="jav&#x09;ascript:alert(1)">e</a><a href="&#106;avascript:alert(1)">f</a><a href="vbscript:msgbox(1)">g</a><a href="data:text/html,<script>alert(1)</script>">h</a>',
  '<img src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<svg onload=alert(1)><circle r="1"/></svg><math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<template><script>alert(1)</script></template><xmp><img src=x onerror=alert(1)></xmp>',
  '<p title="--><img src=x onerror=alert(1)>">komentarz w atrybucie</p><p title="</style><img src=x onerror=alert(1)>">x</p>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe><iframe src="javascript:alert(1)"></iframe><object data="x.swf"></object><embed src="x.swf">',
  '<base href="https://evil.example.org/"><meta http-equiv="refresh" content="0;url=https://evil.example.org"><link rel="stylesheet" href="https://evil.example.org/a.css">',
  '<div style="background:url(javascript:alert(1))">styl</div><style>@import "https://evil.example.org/a.css";</style>',
  '<a href="https://x.pl" onclick="alert(1)" onmouseover=alert(2) formaction="javascript:alert(3)">x</a>',
  '<form action="https://evil.example.org"><input name="haslo" type="password"><button formaction="javascript:alert(1)">Wyślij</button></form>',
  '<!--><img src=x onerror=alert(1)>--><p>po komentarzu</p>',
  '<style>p{color:red}<img src=x onerror=alert(1)></style><p>styl ze znacznikiem</p>',
  '<p>tekst</p><plaintext><img src=x onerror=alert(1)>',
];

const contentInBrowser = createSanitizer(createDOMPurify(window), CONTENT_POLICY);
const mailInBrowser = createSanitizer(createDOMPurify(window), MAIL_POLICY);
const asMail = (html: string) => `<html><head><meta charset="utf-8"><style>p{color:#333}</style><title>Tytuł</title></head><body style="margin:0">${html}</body></html>`;

/** Whatever in a parsed document could run a script or leave the page: nothing is expected. */
function activeParts(html: string): string[] {
  const found: string[] = [];
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const element of document.querySelectorAll('*')) {
    if (['SCRIPT', 'OBJECT', 'EMBED', 'BASE', 'LINK', 'FORM', 'INPUT', 'BUTTON'].includes(element.tagName)) found.push(element.tagName);
    for (const attribute of element.attributes) {
      // eslint-disable-next-line no-control-regex -- browsers skip control characters in a URL's scheme
      const compact = attribute.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (/^on/i.test(attribute.name) || attribute.name === 'srcdoc' || attribute.name === 'formaction') found.push(`${element.tagName} ${attribute.name}`);
      // A picture's data: URL is only ever drawn; anywhere else it could be a page.
      const inertData = attribute.name === 'src' && ['IMG', 'VIDEO', 'AUDIO', 'SOURCE', 'TRACK'].includes(element.tagName);
      if (/^(javascript|vbscript):/.test(compact) || (compact.startsWith('data:') && !inertData)) found.push(`${element.tagName} ${attribute.name}=${attribute.value}`);
    }
  }
  return found;
}

describe('one policy, two engines: the server (parse5) answers as the browser (DOMPurify)', () => {
  it.each([...EVERYDAY_HTML, ...HOSTILE_HTML].map((html) => [html]))('content: %s', (html) => {
    const onServer = sanitizeOnServer(html);
    expect(onServer).toBe(contentInBrowser(html));
    expect(activeParts(onServer)).toEqual([]);
    // Stable: what the server keeps reads back as itself, so a second pass (the browser's) finds nothing to change.
    expect(sanitizeOnServer(onServer)).toBe(onServer);
  });

  it.each([...EVERYDAY_HTML, ...HOSTILE_HTML].map((html) => [asMail(html)]))('mail: %s', (html) => {
    const onServer = sanitizeMailHtml(html);
    expect(onServer).toBe(mailInBrowser(html));
    expect(activeParts(onServer)).toEqual([]);
    expect(sanitizeMailHtml(onServer)).toBe(onServer);
  });

  it('keeps what an e-mail needs: the head styles, inline styles and the meta charset', () => {
    const html = sanitizeMailHtml(asMail('<table width="600" bgcolor="#ffffff"><tr><td style="padding:8px">Treść</td></tr></table>'));
    expect(html).toBe(
      '<html><head><meta charset="utf-8"><style>p{color:#333}</style></head><body style="margin:0"><table width="600" bgcolor="#ffffff"><tbody><tr><td style="padding:8px">Treść</td></tr></tbody></table></body></html>',
    );
  });
});
