import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { FRAME_SOURCES } from '../common/content/sanitize';
import { authPlugin } from './platform/auth/plugin';
import { serviceAccessPlugin } from './platform/auth/service-access';
import type { TokenService } from './platform/auth/tokens';
import type { Config } from './config';
import type { Db } from './platform/db';
import { errorHandlingPlugin, sendFrameworkError, sendNotFound } from './platform/http/error-handling';
import { storableTextPlugin } from './platform/http/text';
import { publicSiteApiPlugin } from './platform/http/public-site';
import { xsrfPlugin } from './platform/http/xsrf';
import { securityHeadersPlugin } from './platform/http/security-headers';
import type { Mailer } from './platform/mail/mailer';
import type { FileStore } from './platform/files/store';
import type { SignedLinks } from './platform/files/signed-links';
import type { Jobs } from './platform/jobs';
import { apiModules } from './modules';
import { modulePublicPages } from '../modules';
import { tileImageSource } from './modules/settings';
import { clientPlugin } from './platform/http/client';
import { recordApiRoutes } from './platform/http/api-routes';

/** What every route may use; decorated on the instance as app.ctx. */
export interface AppContext {
  config: Config;
  db: Db;
  tokens: TokenService;
  mailer: Mailer;
  /** Waits before answering (login slowdown); tests replace it so that they need not sleep. */
  pause: (milliseconds: number) => Promise<void>;
  jobs: Jobs;
  /** Every uploaded file (avatars, module files): DATA_DIR or an S3-compatible bucket. */
  files: FileStore;
  /** Signs and checks the links a browser opens without its session (downloads, private files, document pages). */
  links: SignedLinks;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/**
 * One line per request, at debug (LOG_LEVEL=debug shows them): Fastify's two lines at info, and a
 * third for a 404, flooded the terminal. Failures are still logged by the error handler.
 */
class RequestLog extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    request.log.debug({ method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  }
}

/** Where the server logs: true to standard output, a stream (tests) to it, false nowhere. */
type LogDestination = boolean | { write(line: string): unknown };

export async function buildApp(ctx: AppContext, options: { logger?: LogDestination } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { level: ctx.config.logLevel, ...(options.logger === true ? {} : { stream: options.logger }) } : false,
    logController: new RequestLog(),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: sendFrameworkError,
    // A server starting beside others on one database waits for their migrations, indexes, menus and
    // queues (one at a time, under a lock): longer than Fastify's 10 s on a busy machine.
    pluginTimeout: 120_000,
    ajv: { customOptions: { allErrors: true, coerceTypes: false, removeAdditional: false } },
  });
  app.decorate('ctx', ctx);
  recordApiRoutes(app);
  const mapTiles = tileImageSource(ctx.config.mapTileUrl);

  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(mapTiles ? [mapTiles] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // 'self': the sandboxed pages of the tenant's documents (a mailing as sent).
        frameSrc: ["'self'", ...FRAME_SOURCES.map((source) => `https://${source}`)],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(errorHandlingPlugin);
  await app.register(xsrfPlugin);
  await app.register(publicSiteApiPlugin);
  await app.register(storableTextPlugin);
  await app.register(authPlugin);
  await app.register(serviceAccessPlugin);

  await app.register(
    async (api) => {
      api.addHook('onSend', async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
      });
      api.setNotFoundHandler(sendNotFound);
      for (const module of apiModules) await api.register(module);
    },
    { prefix: '/api' },
  );

  for (const pages of modulePublicPages) await app.register(pages);
  if (ctx.config.serveClient) await app.register(clientPlugin, { config: ctx.config });
  else app.setNotFoundHandler(sendNotFound);
  return app;
}
