import type { FastifyInstance } from 'fastify';
import type { PublicSettings } from '../../../common/settings';

/**
 * The CSP source that lets the browser load a tile URL template's images: its scheme and host, a
 * leading {s} subdomain placeholder as "*."; undefined when the template is no http(s) URL.
 */
export function tileImageSource(template: string): string | undefined {
  const match = /^(https?):\/\/(\{[a-z]+\}\.)?([A-Za-z0-9.-]+(?::\d+)?)\//.exec(template);
  if (!match) return undefined;
  const [, scheme, subdomain, host] = match;
  return `${scheme}://${subdomain ? '*.' : ''}${host}`;
}

export async function settingsModule(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;
  app.get('/settings/public', { config: { openapi: { tags: ['settings'], security: [], summary: "The panel's public settings (map tiles)" } } }, async (): Promise<PublicSettings> => ({ map_tile_url: config.mapTileUrl, map_tile_attribution: config.mapTileAttribution }));
}
