import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';

let t: TestApp;
let klient: string;

beforeAll(async () => {
  t = await createTestApp();
  klient = (await t.login('klient')).access_token;
});
afterAll(() => t.close());

const byPrefix = (prefix: string) => t.call({ method: 'GET', url: `/api/content/prefix/${prefix}`, token: klient });

describe('GET /api/content/prefix/{prefix}', () => {
  it('returns the three footer blocks', async () => {
    for (const prefix of ['footer_info', 'footer_copyright', 'footer_realization']) {
      const response = await byPrefix(prefix);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toHaveLength(1);
      expect(data[0]).toEqual({
        id: expect.any(Number),
        prefix,
        name: expect.any(String),
        description: expect.any(String),
        content: expect.stringMatching(/^<p>/),
        photo_uri: null,
      });
    }
    // Every page shows the footer: demo data that loads nothing from another host (no frame, picture or script source).
    for (const prefix of ['footer_info', 'footer_copyright', 'footer_realization']) {
      const [block] = (await byPrefix(prefix)).json().data;
      expect(block.content).not.toMatch(/\ssrc\s*=/i);
    }
    const [realization] = (await byPrefix('footer_realization')).json().data;
    expect(realization.content).toContain('target="_blank" rel="noopener noreferrer"');
  });

  it('sanitises the HTML: no scripts or handlers, frames only from allowed hosts', async () => {
    await t.ctx.db.query('INSERT INTO content (prefix, name, description, content) VALUES ($1, $2, $3, $4)', [
      'test_block',
      'Test',
      'Test',
      '<p onclick="steal()">Tekst<script>alert(1)</script></p>' +
        '<iframe src="https://player.vimeo.com/video/1" title="ok"></iframe>' +
        '<iframe src="https://evil.example.com/x" title="zły"></iframe>' +
        '<iframe src="http://www.youtube.com/embed/x" title="bez https"></iframe>' +
        '<iframe srcdoc="<script>alert(1)</script>" title="srcdoc"></iframe>' +
        '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">link</a>',
    ]);
    const [block] = (await byPrefix('test_block')).json().data;
    expect(block.content).toBe(
      '<p>Tekst</p><iframe src="https://player.vimeo.com/video/1" title="ok"></iframe><img src="x"><a>link</a>',
    );
  });

  it('gives a block with a photo a photo_uri that serves the image', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const name = `${'c'.repeat(32)}.png`;
    await mkdir(path.join(t.config.dataDir, 'content'), { recursive: true });
    await writeFile(path.join(t.config.dataDir, 'content', name), png);
    await t.ctx.db.query("INSERT INTO content (prefix, name, description, content, photo_file) VALUES ('with_photo', 'A', 'B', '<p>C</p>', $1)", [name]);
    const [block] = (await byPrefix('with_photo')).json().data;
    expect(block.photo_uri).toBe(`/api/content/photos/${name}`);
    const served = await t.call({ method: 'GET', url: block.photo_uri });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await t.call({ method: 'GET', url: '/api/content/photos/..%2F..%2Fjwt-secret' })).statusCode).toBe(404);
  });

  it('returns an empty list for an unknown prefix and 400 for a malformed one', async () => {
    expect((await byPrefix('nothing_here')).json()).toEqual({ data: [] });
    expect((await byPrefix('a%20b')).statusCode).toBe(400);
    expect((await byPrefix('..%2F..')).statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    expect((await t.call({ method: 'GET', url: '/api/content/prefix/footer_info' })).statusCode).toBe(401);
  });
});
