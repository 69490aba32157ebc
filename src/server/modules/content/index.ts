import type { FastifyInstance } from 'fastify';
import { sanitizeHtml } from '../../platform/sanitizing/html';
import { servePublicFiles } from '../../platform/files/routes';

/** Content blocks by prefix (the footer's three among them), their HTML sanitised, and their photos. */
export async function contentModule(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.get<{ Params: { prefix: string } }>(
    '/content/prefix/:prefix',
    {
      onRequest: app.authenticate,
      config: { openapi: { tags: ['content'], summary: 'The content blocks of a prefix {data}' } },
      schema: { params: { type: 'object', properties: { prefix: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' } } } },
    },
    async (request) => {
      const { rows } = await db.query<{ id: number; prefix: string; name: string; description: string; content: string; photo_file: string | null }>(
        'SELECT id, prefix, name, description, content, photo_file FROM content WHERE prefix = $1 ORDER BY id',
        [request.params.prefix],
      );
      return {
        data: rows.map(({ photo_file, content, ...block }) => ({
          ...block,
          content: sanitizeHtml(content),
          photo_uri: photo_file ? `/api/content/photos/${photo_file}` : null,
        })),
      };
    },
  );

  // The content schema's photo folder (its files.photo.uri), public like avatars.
  servePublicFiles(app, '/content/photos', 'content');
}
