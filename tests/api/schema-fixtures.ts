import { randomBytes } from 'node:crypto';
import type { TestApp } from './support/app';

/** A tiny valid PNG (1x1), for photo uploads. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** The id of a demo user's service of a type (1 WWW, 9 NEWSLETTER). */
export async function serviceOf(test: TestApp, username: string, typeId: number): Promise<number> {
  const { rows } = await test.ctx.db.query<{ id: number }>(
    `SELECT cs.id FROM client_services cs
       JOIN client_service_users csu ON csu.client_service_id = cs.id
       JOIN users u ON u.id = csu.user_id
      WHERE u.username = $1 AND cs.type_id = $2 ORDER BY cs.id LIMIT 1`,
    [username, typeId],
  );
  if (!rows[0]) throw new Error(`no service of type ${typeId} for ${username}`);
  return rows[0].id;
}

/** A multipart body of `payload` (JSON, or raw text when a string) and an optional `file`, as the SPA sends it. */
export function multipart(payload: unknown, file?: { name: string; type: string; data: Buffer }, fileField = 'file') {
  const boundary = `----panel${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  if (payload !== undefined) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${typeof payload === 'string' ? payload : JSON.stringify(payload)}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The demo services most site tests use: klient's WWW site, klient2's (another client's, for
 * isolation) and klient's newsletter (a service without the site's modules).
 */
export async function demoSites(test: TestApp): Promise<{ site: number; otherSite: number; newsletter: number }> {
  return { site: await serviceOf(test, 'klient', 1), otherSite: await serviceOf(test, 'klient2', 1), newsletter: await serviceOf(test, 'klient', 9) };
}

/** What a service holds: its records of a module and the bytes its files take (to show a refused write stored nothing). */
export async function storedOf(test: TestApp, service: number, resource: string): Promise<{ records: number; used: number }> {
  const { rows } = await test.ctx.db.query<{ records: string; used: string }>(
    `SELECT (SELECT count(*) FROM module_records WHERE resource = $2 AND client_service_id = $1) AS records,
            (SELECT site_size_used FROM client_services WHERE id = $1) AS used`,
    [service, resource],
  );
  return { records: Number(rows[0].records), used: Number(rows[0].used) };
}
