import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { httpError } from '../http/errors';
import { STORED_NAME } from './store';

/**
 * Lets other origins embed the answer: mail clients and webmail show a newsletter's pictures and
 * open pixel, and a sandboxed preview (an opaque origin) its pictures, which helmet's default
 * Cross-Origin-Resource-Policy (same-origin) would block. Only for what is public anyway.
 */
export const embeddableAnywhere = (reply: FastifyReply): FastifyReply => reply.header('Cross-Origin-Resource-Policy', 'cross-origin');

async function sendObject(app: FastifyInstance, reply: FastifyReply, key: string): Promise<FastifyReply> {
  const object = await app.ctx.files.open(key);
  if (!object) throw httpError(404, 'errors.not_found');
  return reply
    .header('Content-Type', object.contentType)
    .header('Content-Length', object.length)
    .header('Content-Disposition', 'inline')
    .send(object.stream);
}

/**
 * GET <url>/:name serves an area's public files (avatars, module photos). No auth: <img> sends no
 * Authorization header, and the 128-bit random name is the secret. Any name the store did not make is 404.
 */
export function servePublicFiles(app: FastifyInstance, url: string, area: string): void {
  app.get<{ Params: { name: string } }>(`${url}/:name`, { config: { openapi: { tags: ['files'], security: [], summary: `A public file of ${area}` } } }, async (request, reply) => {
    if (!STORED_NAME.test(request.params.name)) throw httpError(404, 'errors.not_found');
    return sendObject(app, embeddableAnywhere(reply), `${area}/${request.params.name}`);
  });
}

/** GET /files/signed/:token serves a private file while its signed URL is valid. */
export const signedFilesRoutes: FastifyPluginAsync = async (app) => {
  // A wildcard, as tokens (key, expiry, signature) outgrow the router's 100-character limit on parameters.
  app.get<{ Params: { '*': string } }>('/files/signed/*', { config: { openapi: { tags: ['files'], security: [], summary: 'A private file, while its signed link is valid' } } }, async (request, reply) => {
    const key = app.ctx.files.verifySigned(request.params['*']);
    if (!key) throw httpError(404, 'errors.file_link_invalid');
    return sendObject(app, reply, key);
  });
};
