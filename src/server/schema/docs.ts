import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import { openApiDocument } from './openapi';
import { serverRegistry } from './settings';

/**
 * /api/docs: the OpenAPI document (/api/docs/openapi.json), made once the server is ready from every
 * route it registered, and a Swagger UI page. The UI pages send their own CSP (swagger-ui's
 * staticCSP), which replaces helmet's for those pages; they are hidden from the document.
 */
export const schemaDocsPlugin: FastifyPluginAsync = async (app) => {
  const document: Record<string, unknown> = {};
  app.addHook('onReady', async () => {
    const made = openApiDocument(serverRegistry(app.ctx.config), app.apiRoutes, app.documentedOperations);
    Object.assign(document, made.document);
    for (const route of made.undescribed) app.log.warn(`${route.method} ${route.url} has no OpenAPI description: it is left out of /api/docs/openapi.json`);
    for (const entry of made.unmatched) app.log.warn(`the OpenAPI description of ${entry.method.toUpperCase()} ${entry.path} names no route the server registered`);
  });
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // Helmet leaves the https upgrade off (plain-HTTP installs); so does this page.
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;/, ''),
    uiConfig: { url: '/api/docs/openapi.json', validatorUrl: null } as never,
  });
  app.get('/docs/openapi.json', { schema: { hide: true } }, async () => document);
};
