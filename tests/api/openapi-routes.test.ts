import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument, openApiPath } from '../../src/server/schema/openapi';
import { serverRegistry } from '../../src/server/schema';
import { createTestApp, type TestApp } from './support/app';

/**
 * The OpenAPI document against the routes the server registered (Fastify's onRoute hook): every
 * /api route and method is described, and the document names no call the server does not serve.
 * The fuzz (fuzz.test.ts) walks the document, so it reaches every route too.
 */
let test: TestApp;
let documented: string[];

beforeAll(async () => {
  test = await createTestApp();
  const document = (await test.call({ method: 'GET', url: '/api/docs/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
  documented = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
}, 120_000);
afterAll(() => test?.close());

const registered = () => test.app.apiRoutes.filter((route) => !route.hidden);

describe('the OpenAPI document and the registered routes', () => {
  it('describes every registered /api route and method', () => {
    const operations = new Set(documented);
    const missing = registered()
      .map((route) => `${route.method} ${openApiPath(route.url)}`)
      .filter((operation) => !operations.has(operation));
    expect(missing).toEqual([]);
    expect(registered().length).toBeGreaterThan(250);
  });

  it('describes nothing the server does not serve', () => {
    const served = new Set(registered().map((route) => `${route.method} ${openApiPath(route.url)}`));
    expect(documented.filter((operation) => !served.has(operation))).toEqual([]);
    // The same, asked of Fastify's router rather than of the hook's list.
    const unrouted = documented.filter((operation) => {
      const [method, path] = operation.split(' ');
      const url = `/api${path.replace(/\{path\}$/, '*').replace(/\{([a-z_]+)\}/g, ':$1')}`;
      return !test.app.hasRoute({ method: method as 'GET', url });
    });
    expect(unrouted).toEqual([]);
  });

  it('gives no description apart from its route that names no route', () => {
    const { unmatched } = openApiDocument(serverRegistry(test.config), test.app.apiRoutes, test.app.documentedOperations);
    expect(unmatched).toEqual([]);
  });

  it('names a route registered without a description, and leaves it out of the document', () => {
    const route = { method: 'GET', url: '/api/client_service/:service_id/module/notes/:id/preview', hidden: false };
    const { document, undescribed } = openApiDocument(serverRegistry(test.config), [route], []);
    expect(undescribed).toEqual([route]);
    expect(document.paths).toEqual({});
  });

  it('leaves out only the pages of the documentation itself', () => {
    const hidden = test.app.apiRoutes.filter((route) => route.hidden).map((route) => route.url);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.filter((url) => !url.startsWith('/api/docs'))).toEqual([]);
  });

  it("describes the engine's calls beyond the records: ordering, actions, exports and file removals", () => {
    expect(documented).toEqual(
      expect.arrayContaining([
        'PUT /client_service/{service_id}/module/news/{news_id}/photos/order',
        'PUT /client_service/{service_id}/module/scripts/{id}/enabled',
        'GET /client_service/{service_id}/module/recipients/export',
        'DELETE /content/{id}/photo',
      ]),
    );
  });
});
