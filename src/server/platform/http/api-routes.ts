import type { FastifyInstance, FastifySchema } from 'fastify';

/** An OpenAPI 3.1 operation object (summary, tags, parameters, requestBody, responses). */
export type Operation = Record<string, unknown>;

/** A route the server registered under /api, as Fastify told its onRoute hook. */
export interface ApiRoute {
  method: string;
  /** Fastify's pattern, with the /api prefix (`/api/client_service/:service_id/...`). */
  url: string;
  /** Its OpenAPI description, given with the route (`config: { openapi }`). */
  operation?: Operation;
  schema?: FastifySchema;
  /** Not a call of the API but a page of its documentation (swagger-ui's `schema.hide`). */
  hidden: boolean;
}

/** A description given apart from its route (`documentOperation`), by OpenAPI path (without /api). */
export interface DocumentedOperation {
  method: string;
  path: string;
  operation: Operation;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's OpenAPI operation, the document's source for it. */
    openapi?: Operation;
  }
  interface FastifyInstance {
    /** Every route registered under /api, in order: what the OpenAPI document describes. */
    apiRoutes: ApiRoute[];
    /** Descriptions module plugins give apart from their routes, matched to the registered routes by method and path. */
    documentedOperations: DocumentedOperation[];
  }
}

/**
 * Records every /api route as it is registered (Fastify's onRoute hook, on the root instance so that
 * every plugin's routes pass it), for the OpenAPI document: what the server serves is what it
 * documents. HEAD routes are GET's twins and left out.
 */
export function recordApiRoutes(app: FastifyInstance): void {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.decorate('documentedOperations', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const schema = route.schema as (FastifySchema & { hide?: boolean }) | undefined;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, operation: route.config?.openapi, schema, hidden: schema?.hide === true });
    }
  });
}

/** Describes a call a module's own code serves, for the OpenAPI document, by its OpenAPI path (without /api). */
export function documentOperation(app: FastifyInstance, method: string, path: string, operation: Operation): void {
  app.documentedOperations.push({ method, path, operation });
}
