import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import { openApiDocument } from './openapi';
import { serverRegistry } from './settings';

/**
 * /api/docs: the OpenAPI document of the schema-driven modules (/api/docs/openapi.json) and a
 * Swagger UI page. Registered after the adapters so their extra operations are included. The UI
 * pages send their own CSP (swagger-ui's staticCSP), which replaces helmet's for those pages.
 */
export const schemaDocsPlugin: FastifyPluginAsync = async (app) => {
  const document = openApiDocument(serverRegistry(app.ctx.config), app.documentedOperations);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // Helmet leaves the https upgrade off (plain-HTTP installs); so does this page.
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;/, ''),
    uiConfig: { url: '/api/docs/openapi.json', validatorUrl: null } as never,
  });
  app.get('/docs/openapi.json', async () => document);
};
