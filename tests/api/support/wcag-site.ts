import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small site the WCAG tests serve themselves on loopback: a clean home page linking to pages
 * each with one planted problem (the axe rule it breaks and the WCAG criteria that rule stands
 * for), clean pages, a page answering 500, one that never answers, and a sitemap.xml naming
 * some of them. `cleanPages` adds that many more clean pages (the benchmark's 20-page site).
 */
export interface FixtureSite {
  url: string;
  /** Requests per path, to see what the analysis opened. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** The planted problems: path, the axe rule that must find it, and the criteria it fails. */
export const PLANTED = [
  { path: '/bez-alt', rule: 'image-alt', criteria: ['1.1.1'] },
  { path: '/kontrast', rule: 'color-contrast', criteria: ['1.4.3'] },
  { path: '/formularz', rule: 'label', criteria: ['4.1.2'] },
  { path: '/pusty-link', rule: 'link-name', criteria: ['2.4.4', '4.1.2'] },
  { path: '/bez-jezyka', rule: 'html-has-lang', criteria: ['3.1.1'] },
  { path: '/bez-tytulu', rule: 'document-title', criteria: ['2.4.2'] },
  { path: '/przycisk', rule: 'button-name', criteria: ['4.1.2'] },
] as const;

const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const page = (title: string | null, body: string, lang: string | null = 'pl') =>
  `<!doctype html><html${lang ? ` lang="${lang}"` : ''}><head><meta charset="utf-8">${title === null ? '' : `<title>${title}</title>`}<meta name="viewport" content="width=device-width, initial-scale=1"><style>a{display:inline-block;min-height:24px;min-width:24px;padding:4px}</style></head>` +
  `<body><header><a href="#tresc">Przejdź do treści</a></header><main id="tresc"><h1>${title ?? 'Strona'}</h1>${body}</main></body></html>`;

const PAGES: Record<string, string> = {
  '/bez-alt': page('Zdjęcie', '<p>Nasz budynek:</p><img src="/piksel.png" width="40" height="40">'),
  '/kontrast': page('Kontrast', '<p style="color:#bbbbbb;background:#ffffff">Ten tekst jest prawie niewidoczny.</p>'),
  '/formularz': page('Formularz', '<form><input type="text" name="imie"><button type="submit">Wyślij</button></form>'),
  '/pusty-link': page('Pusty link', '<p>Więcej:</p><a href="/czysta-1"></a>'),
  '/bez-jezyka': page('Bez języka', '<p>Strona bez atrybutu lang.</p>', null),
  '/bez-tytulu': page(null, '<p>Strona bez tytułu.</p>'),
  '/przycisk': page('Przycisk', '<button type="button"></button>'),
  '/czysta-1': page('Czysta strona 1', '<p>Wszystko w porządku.</p><img src="/piksel.png" alt="Logo" width="40" height="40">'),
  '/czysta-2': page('Czysta strona 2', '<form><label for="e">E-mail</label><input id="e" type="email" name="email" autocomplete="email"><button type="submit">Zapisz</button></form>'),
};

export async function startFixtureSite(options: { cleanPages?: number; brokenPages?: boolean; slowMs?: number } = {}): Promise<FixtureSite> {
  const { cleanPages = 0, brokenPages = true, slowMs = 0 } = options;
  const hits = new Map<string, number>();
  const extra = Array.from({ length: cleanPages }, (_, index) => `/dodatkowa-${index + 1}`);
  const linked = [...Object.keys(PAGES), ...(brokenPages ? ['/blad', '/zawieszona'] : []), ...extra, '/dokument.pdf', 'https://example.org/obca'];
  const home = page('Strona główna', `<nav aria-label="Strony"><ul>${linked.map((path, index) => `<li><a href="${path}">Strona ${index + 1}</a></li>`).join('')}</ul></nav>`);
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fixture').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const send = (status: number, type: string, body: string | Buffer) => {
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    };
    const answer = () => {
      if (path === '/') return send(200, 'text/html; charset=utf-8', home);
      if (path === '/piksel.png') return send(200, 'image/png', PIXEL);
      if (path === '/sitemap.xml') return send(200, 'application/xml', `<?xml version="1.0"?><urlset><url><loc>http://${request.headers.host}/czysta-1</loc></url><url><loc>http://${request.headers.host}/bez-alt</loc></url></urlset>`);
      if (path === '/blad') return send(500, 'text/html', '<p>Błąd serwera: tajne szczegóły</p>');
      if (path === '/zawieszona') return; // never answers: the analysis's time limit ends it
      const extraIndex = extra.indexOf(path);
      if (extraIndex >= 0) return send(200, 'text/html; charset=utf-8', page(`Dodatkowa ${extraIndex + 1}`, `<p>Treść strony ${extraIndex + 1}.</p>`));
      const content = PAGES[path];
      return content ? send(200, 'text/html; charset=utf-8', content) : send(404, 'text/html', page('Nie ma', '<p>Nie ma takiej strony.</p>'));
    };
    if (slowMs > 0 && path !== '/') setTimeout(answer, slowMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
