import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import staticFiles from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendNotFound } from './error-handling';

export const clientDist = fileURLToPath(new URL('../../../dist/client/', import.meta.url));

/** Serves the built SPA; any non-API GET that matches no file gets index.html (history routing). */
export const clientPlugin = fp(async (app: FastifyInstance) => {
  const hasBuild = existsSync(clientDist + 'index.html');
  if (hasBuild) {
    await app.register(staticFiles, {
      root: clientDist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must always be fresh.
        res.header('Cache-Control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || !hasBuild) return sendNotFound(request, reply);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
});
