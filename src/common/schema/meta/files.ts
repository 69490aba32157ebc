import { flag } from './flags';
import { closed, identifier, listOf, type MetaPart } from './part';

const file = closed({
  accept: listOf({ type: 'string', pattern: '^[a-z]+/[a-z0-9.+-]+$' }, 'Accepted MIME types; default raster images.'),
  maxBytes: { type: 'integer', minimum: 1 },
  deletePath: identifier,
  folder: identifier,
  uri: { type: 'string', pattern: '\\{name\\}' },
  private: { type: 'boolean', description: 'Served only through short-lived signed links.' },
  flags: listOf(flag, 'Service, template or kind flags the field needs: elsewhere the form leaves it out and an upload is refused.'),
  template: closed(
    { help: { type: 'string', minLength: 1 }, dimensions: { type: 'string', minLength: 1 } },
    [],
    'Paths of the active template\'s settings: help shown under the field, dimensions ("1200x300") the exact size an image must have.',
  ),
  thumbnails: listOf(
    closed({ name: { type: 'string', pattern: '^[a-z0-9]{1,32}$' }, width: { type: 'integer', minimum: 1, maximum: 4096 }, height: { type: 'integer', minimum: 1, maximum: 4096 } }, ['name', 'width', 'height']),
  ),
});

/** Uploads beside the record's properties. */
export const filesPart: MetaPart = {
  admin: { files: { type: 'object', propertyNames: identifier, additionalProperties: file, description: 'File fields by name, sent as multipart.' } },
};
