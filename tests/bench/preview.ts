import { type LoadResult, loadEndpoint } from './api-load';
import { serviceIdOfType, signInThroughApi, startServer } from './server';

export const PREVIEW_SECTIONS = 20;
export const PREVIEW_ITEMS = 10;
export const PREVIEW_CONNECTIONS = 20;

export interface PreviewResult {
  /** The first seconds of a fresh server: no warm-up at all. */
  cold: LoadResult;
  /** The same after a warm-up. */
  warm: LoadResult;
  bytes: number;
}

interface Pickable {
  row_id: number;
  component_name: string;
}

/**
 * The builder's preview of a home page (GET .../main_pages/{prefix}/preview, the HTML the public
 * page serves too) drawn by the server for 20 sections of 10 picked items each, on the full
 * server with the demo data (klient's site, its demo sections replaced): 20 connections, cold (the
 * server's first seconds) beside warm (after a warm-up).
 */
export async function measurePreview(options: { port: number; durationSeconds: number; log(line: string): void }): Promise<PreviewResult> {
  options.log(`Starting the server on port ${options.port} (embedded database, demo data) for the home-page preview…`);
  const server = await startServer(options.port);
  try {
    const token = await signInThroughApi(server.baseUrl, 'klient');
    const site = await serviceIdOfType(server.baseUrl, token, 'www');
    const cookie = (await fetch(`${server.baseUrl}/api/xsrf`)).headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .find((line) => line.startsWith('XSRF-TOKEN='))!;
    const headers = { authorization: `JWT ${token}`, cookie, 'x-xsrf-token': decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) };
    const base = `${server.baseUrl}/api/client_service/${site}/module/main_pages`;
    const send = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const json = body === undefined ? {} : { body: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/json' } };
      const response = await fetch(url, { method, headers, ...json });
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
      return (response.status === 204 ? undefined : await response.json()) as T;
    };

    for (const section of (await send<{ data: { id: number }[] }>('GET', `${base}/strona_glowna/sections`)).data) await send('DELETE', `${base}/strona_glowna/sections/${section.id}`);
    const records: Pickable[] = [];
    for (const component of ['news', 'galleries', 'videos', 'scroll_banners', 'counter_banners', 'forms']) {
      records.push(...(await send<{ data: Pickable[] }>('GET', `${base}/items/${component}?per_page=100`)).data);
    }
    if (records.length < PREVIEW_ITEMS) throw new Error(`the demo site has ${records.length} records to pick, fewer than ${PREVIEW_ITEMS}`);
    for (let index = 0; index < PREVIEW_SECTIONS; index += 1) {
      const section = await send<{ id: number }>('POST', `${base}/strona_glowna`, { section_prefix: 'wyroznione', name: `Sekcja ${index + 1}`, container_prefix: index % 4 === 3 ? 'boczny' : 'glowny' });
      for (let item = 0; item < PREVIEW_ITEMS; item += 1) {
        const record = records[(index + item) % records.length];
        await send('POST', `${base}/strona_glowna/sections/${section.id}/items`, { component_name: record.component_name, row_id: record.row_id });
      }
    }
    const url = `${base}/strona_glowna/preview`;
    const bytes = (await (await fetch(url, { headers })).text()).length;
    options.log(`The preview of ${PREVIEW_SECTIONS} sections of ${PREVIEW_ITEMS} items: ${bytes} characters of HTML.`);

    // Cold: the fresh server's first seconds under the load, nothing warmed up before; then warm.
    const cold = await loadEndpoint(url, headers, { connections: PREVIEW_CONNECTIONS, durationSeconds: options.durationSeconds, warmupSeconds: 0 });
    const warm = await loadEndpoint(url, headers, { connections: PREVIEW_CONNECTIONS, durationSeconds: options.durationSeconds, warmupSeconds: 2 });
    return { cold, warm, bytes };
  } finally {
    await server.stop();
  }
}
