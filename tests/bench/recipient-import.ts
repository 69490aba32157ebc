import { loadavg } from 'node:os';
import { serviceIdOfType, signInThroughApi, startServer } from './server';

export const IMPORT_ROWS = 100_000;
/** Every this-many rows one is broken (no valid address) and one repeats an earlier address in capitals. */
const EVERY = 100;

export interface ImportResult {
  rows: number;
  bytes: number;
  /** From sending the file to the job's end, as the user waits for it. */
  seconds: number;
  created: number;
  merged: number;
  failed: number;
  loadBefore: number;
  loadAfter: number;
}

/** A CSV as Polish spreadsheets save it: semicolons, a header, tags per row, a few broken and duplicate rows. */
export function importCsv(rows: number): Buffer {
  const lines = ['email;nazwa;tagi'];
  for (let row = 1; row <= rows; row += 1) {
    if (row % EVERY === 0) lines.push(`bez-adresu-${row};Wiersz Bez Adresu;`);
    else if (row % EVERY === 1 && row > EVERY) lines.push(`ODBIORCA${row - 2}@EXAMPLE.COM;Powtórzony Odbiorca;Powtórka`);
    else lines.push(`odbiorca${row}@example.com;Odbiorca Numer ${row};${row % 3 === 0 ? 'Stali klienci' : 'Nowi'}`);
  }
  return Buffer.from(lines.join('\r\n'));
}

async function xsrfPair(baseUrl: string): Promise<{ cookie: string; header: string }> {
  const cookie = (await fetch(`${baseUrl}/api/xsrf`)).headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .find((value) => value.startsWith('XSRF-TOKEN='));
  if (!cookie) throw new Error('GET /api/xsrf set no XSRF-TOKEN cookie');
  return { cookie, header: decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) };
}

/**
 * CSV import of IMPORT_ROWS recipients (issue 8, goal ≤ 5 s): the real server on a fresh embedded
 * database with the demo data, the file sent as the admin area sends it, the job followed through
 * GET /api/jobs/{id} as its progress bar does.
 */
export async function measureImport(options: { port: number; log(line: string): void }): Promise<ImportResult> {
  options.log(`Starting the server on port ${options.port} for the recipient import…`);
  const server = await startServer(options.port);
  try {
    const token = await signInThroughApi(server.baseUrl, 'admin');
    const serviceId = await serviceIdOfType(server.baseUrl, token, 'newsletter');
    const file = importCsv(IMPORT_ROWS);
    const form = new FormData();
    form.append('payload', JSON.stringify({ tags: [] }));
    form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'odbiorcy.csv');
    const xsrf = await xsrfPair(server.baseUrl);
    const headers = { authorization: `JWT ${token}`, cookie: xsrf.cookie, 'x-xsrf-token': xsrf.header };
    const loadBefore = loadavg()[0];
    options.log(`Importing ${IMPORT_ROWS.toLocaleString('en')} recipients (${(file.length / 1e6).toFixed(1)} MB of CSV)…`);
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}/api/client_service/${serviceId}/module/recipients/imports`, { method: 'POST', headers, body: form });
    if (response.status !== 201) throw new Error(`POST the import: ${response.status} ${await response.text()}`);
    const created = (await response.json()) as { id: number; job_id: string };
    for (;;) {
      const job = (await (await fetch(`${server.baseUrl}/api/jobs/${created.job_id}`, { headers })).json()) as { state: string };
      if (job.state === 'completed') break;
      if (job.state === 'failed' || job.state === 'cancelled') throw new Error(`the import job ended ${job.state}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const finished = performance.now();
    const record = (await (await fetch(`${server.baseUrl}/api/client_service/${serviceId}/module/recipients/imports/${created.id}`, { headers })).json()) as {
      rows_total: number;
      rows_created: number;
      rows_merged: number;
      rows_failed: number;
    };
    return {
      rows: record.rows_total,
      bytes: file.length,
      seconds: (finished - started) / 1000,
      created: record.rows_created,
      merged: record.rows_merged,
      failed: record.rows_failed,
      loadBefore,
      loadAfter: loadavg()[0],
    };
  } finally {
    await server.stop();
  }
}
