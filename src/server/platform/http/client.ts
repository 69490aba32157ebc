import { existsSync } from 'node:fs';
import path from 'node:path';
import staticFiles from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assertClientBuildMatches, clientDist } from '../../build-client';
import type { Config } from '../../config';
import { sendNotFound } from './error-handling';

export interface ClientOptions {
  config: Pick<Config, 'schemasDir' | 'product'>;
  /** The built app's folder, default dist/client. */
  root?: string;
}

/**
 * Serves the built SPA; any non-API GET that matches no file gets index.html (history routing).
 * A build made from other schemas or another product than the server's is refused: its screens
 * and the server's API would disagree.
 */
export const clientPlugin = fp(async (app: FastifyInstance, { config, root = clientDist }: ClientOptions) => {
  const hasBuild = existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    assertClientBuildMatches(config, root);
    await app.register(staticFiles, {
      root,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must always be fresh.
        res.setHeader('Cache-Control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || !hasBuild) return sendNotFound(request, reply);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
});
