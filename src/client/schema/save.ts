import type { ApiPaths } from '../../common/schema/paths';
import type { ModuleSchema } from '../../common/schema/types';
import { api } from '../providers/http';
import type { FileChoice } from './FileField';
import { sendMultipart } from './upload';

/** A record as the API returns it: id, the values, `<file>_uri` for each stored file. */
export interface StoredRecord {
  id?: number | string;
  [field: string]: unknown;
}

export interface SaveRequest {
  module: ModuleSchema;
  paths: ApiPaths;
  /** The stored record being edited (a singleton's, even without a route id), or undefined for a new one. */
  record: StoredRecord | undefined;
  values: Record<string, unknown>;
  files: Record<string, FileChoice>;
  onProgress(fraction: number): void;
}

/**
 * Saves a form, pessimistically: on edit a removed or replaced stored file is deleted first (SPEC 4),
 * then the record goes as JSON, or as multipart (`payload` + the files) when a new file is chosen.
 */
export async function upload({ module, paths, record, values, files, onProgress }: SaveRequest): Promise<StoredRecord> {
  const { admin } = module;
  const itemId = admin.singleton ? undefined : record?.id;
  if (itemId !== undefined) {
    for (const [field, choice] of Object.entries(files)) {
      if (record?.[`${field}_uri`] && (choice.removed || choice.file)) await api(paths.file(field, itemId), { method: 'DELETE' });
    }
  }
  const fileFields = Object.keys(admin.files);
  const chosen = Object.entries(files).filter(([, choice]) => choice.file) as [string, { file: File }][];
  const method = itemId === undefined ? 'POST' : 'PUT';
  if (chosen.length) {
    // A module's only file goes as `file` (SPEC 7); several go by their field names.
    const parts = Object.fromEntries(chosen.map(([field, choice]) => [fileFields.length === 1 ? 'file' : field, choice.file]));
    const path = itemId === undefined ? paths.upload : paths.uploadItem(itemId);
    return sendMultipart<StoredRecord>({ method, path, payload: values, files: parts, onProgress });
  }
  const path = itemId === undefined ? paths.collection : paths.item(itemId);
  return (await api<StoredRecord | undefined>(path, { method, body: values })) ?? { ...record, ...values };
}
