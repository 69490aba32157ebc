import type { ModuleSchema } from '../../common/schema';
import { DERIVATIVE_EXTENSION } from '../platform/files/images';
import { derivativeName, STORED_NAME, type FileStore } from '../platform/files/store';
import type { Owner } from './storage';

/** Where a module's stored file lives: a public one in its folder (served by name), a private one under its owner. */
export function fileKey(module: ModuleSchema, owner: Owner, field: string, name: string): string {
  const spec = module.admin.files[field];
  if (!spec.private) return `${spec.folder}/${name}`;
  const area = owner.serviceId !== null ? `services/${owner.serviceId}` : owner.userId !== null ? `users/${owner.userId}` : 'admin';
  return `${area}/${module.admin.resource}/${name}`;
}

/** The name of a stored file's thumbnail. */
export const thumbnailName = (name: string, thumbnail: string): string => derivativeName(name, thumbnail, DERIVATIVE_EXTENSION);

/** A stored file's keys: the original and each declared thumbnail beside it (none for a name the store did not make). */
export function keysOf(module: ModuleSchema, owner: Owner, field: string, name: string): string[] {
  if (!STORED_NAME.test(name)) return [];
  const variants = module.admin.files[field].thumbnails.map((thumbnail) => thumbnailName(name, thumbnail.name));
  return [name, ...variants].map((stored) => fileKey(module, owner, field, stored));
}

/** A public file's URI (its random name is the secret), or a private one's short-lived signed URL. */
export function fileUri(module: ModuleSchema, files: FileStore, owner: Owner, field: string, name: string): string {
  const spec = module.admin.files[field];
  return spec.private ? files.signedUrl(fileKey(module, owner, field, name)) : spec.uri.replace('{name}', name);
}
