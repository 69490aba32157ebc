import { listOf, type MetaPart } from './part';

/** A flag resolver's name, kind:name (src/server/schema/flags.ts). */
export const flag = { type: 'string', pattern: '^(service|template|record|kind):[a-z][a-z0-9_]*$' };

export const flagsPart: MetaPart = {
  admin: { flags: listOf(flag, 'Feature flags the pages need, otherwise 404: service:<flag>, template:<feature>, record:<field>, kind:<group>.') },
};
