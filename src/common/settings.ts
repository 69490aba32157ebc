/** What GET /api/settings/public answers: the browser's settings that are no secret, readable before signing in. */
export interface PublicSettings {
  /** Leaflet tile URL template of the map widget. */
  map_tile_url: string;
  /** The tile provider's attribution (HTML). */
  map_tile_attribution: string;
}
