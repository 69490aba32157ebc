import type { CreateParams, DataProvider, Identifier, RaRecord, UpdateParams } from 'react-admin';
import { sendMultipart } from '../schema/upload';
import { api } from './http';

/**
 * The calls a resource maps to addresses: the react-admin ones, `upload` (multipart create or
 * update), `deleteFile` (one file field of a record) and `action` (an extra call a module offers).
 */
export type DataOperation = 'list' | 'one' | 'create' | 'update' | 'delete' | 'upload' | 'deleteFile' | 'action';

export interface ResourcePathParams {
  operation: DataOperation;
  id?: Identifier;
  /** react-admin's `meta` (e.g. the service_id of a service-scoped resource). */
  meta?: Record<string, unknown>;
  /** deleteFile: the file field; action: the action's name. */
  name?: string;
}

/** Gives the API path (relative to /api) of a resource, or undefined when it does not know the resource. */
export type ResourcePathResolver = (resource: string, params: ResourcePathParams) => string | undefined;

const resolvers: ResourcePathResolver[] = [];

/** The seam for the schema-driven resources: they register one resolver for all their resources. */
export function registerResourcePaths(resolver: ResourcePathResolver): () => void {
  resolvers.push(resolver);
  return () => resolvers.splice(resolvers.indexOf(resolver), 1);
}

export function resolveResourcePath(resource: string, params: ResourcePathParams): string {
  for (const resolver of resolvers) {
    const path = resolver(resource, params);
    if (path) return path;
  }
  throw new Error(`No API path is mapped for the resource "${resource}"`);
}

/**
 * The id a one-record-per-owner resource (a singleton: sender config, limits) is read with: its
 * address has no id. The answer keeps the stored record's own id; nothing stored yet answers this one.
 */
export const SINGLETON_ID = 'singleton';

/** What the user did with a file field: chose a new file, removed the stored one, or nothing. */
export interface FileChoice {
  file: File | null;
  removed: boolean;
}

/** The `meta` of a create or update with file fields, beside the route params. */
export interface FileSaveMeta {
  /** Every file field of the resource with the user's choice; the stored file is `<field>_uri` in previousData. */
  files?: Record<string, FileChoice>;
  /** The uploaded fraction, 0 to 1, while a file is sent. */
  onUploadProgress?(fraction: number): void;
}

/** The params of the custom `action` method: an extra call on a record (or a singleton), with the action's body if it has one. */
export interface ActionParams {
  name: string;
  method: string;
  id?: Identifier;
  body?: Record<string, unknown>;
  meta?: Record<string, unknown>;
}

export type PanelDataProvider = DataProvider & {
  action(resource: string, params: ActionParams): Promise<{ data: unknown }>;
};

interface ListBody<T> {
  data: T[];
  pagination?: { total?: number };
}

type Query = Record<string, string | number | boolean | undefined>;

/** react-admin's filter values as query parameters: scalars as they are, the rest as JSON. */
export function filterQuery(filter: Record<string, unknown> = {}): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    query[key] = typeof value === 'object' ? JSON.stringify(value) : (value as string | number | boolean);
  }
  return query;
}

/**
 * Saves a record, pessimistically. On update a removed or replaced stored file is deleted first
 * (SPEC 4); then the record goes as JSON, or as multipart (`payload` + the chosen files) to the
 * resource's upload address when a new file is chosen, reporting the upload's progress.
 */
async function save(resource: string, params: CreateParams | UpdateParams, id?: Identifier): Promise<RaRecord> {
  const meta = (params.meta ?? {}) as Record<string, unknown> & FileSaveMeta;
  const previous = 'previousData' in params ? (params.previousData as Record<string, unknown> | undefined) : undefined;
  const files = Object.entries(meta.files ?? {});
  if (id !== undefined) {
    for (const [field, choice] of files) {
      if (previous?.[`${field}_uri`] && (choice.removed || choice.file)) {
        await api(resolveResourcePath(resource, { operation: 'deleteFile', id, name: field, meta }), { method: 'DELETE' });
      }
    }
  }
  const method = id === undefined ? 'POST' : 'PUT';
  const chosen = files.filter((entry): entry is [string, { file: File; removed: boolean }] => entry[1].file !== null);
  if (chosen.length) {
    // A resource's only file goes as `file` (SPEC 7); several go by their field names.
    const parts = Object.fromEntries(chosen.map(([field, choice]) => [files.length === 1 ? 'file' : field, choice.file]));
    const path = resolveResourcePath(resource, { operation: 'upload', id, meta });
    return sendMultipart<RaRecord>({ method, path, payload: params.data as Record<string, unknown>, files: parts, onProgress: meta.onUploadProgress });
  }
  const path = resolveResourcePath(resource, { operation: id === undefined ? 'create' : 'update', id, meta });
  const saved = await api<RaRecord | undefined>(path, { method, body: params.data });
  return saved ?? ({ ...previous, ...params.data, ...(id === undefined ? {} : { id }) } as RaRecord);
}

/** The dataProvider over api(): lists come as {data, pagination.total} and take page, per_page, sort, order, search and filters. */
export const dataProvider: PanelDataProvider = {
  supportAbortSignal: true,

  async getList(resource, params) {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
    const body = await api<ListBody<RaRecord>>(resolveResourcePath(resource, { operation: 'list', meta: params.meta }), {
      query: { page, per_page: perPage, sort: params.sort?.field, order: params.sort?.order, ...filterQuery(params.filter) },
      signal: params.signal,
    });
    return { data: body.data as never, total: body.pagination?.total ?? body.data.length };
  },

  async getOne(resource, params) {
    const path = resolveResourcePath(resource, { operation: 'one', id: params.id, meta: params.meta });
    const record = await api<Partial<RaRecord> | undefined>(path, { signal: params.signal });
    return { data: { id: params.id, ...record } as never };
  },

  async getMany(resource, params) {
    const records = await Promise.all(
      params.ids.map((id) => api<RaRecord>(resolveResourcePath(resource, { operation: 'one', id, meta: params.meta }), { signal: params.signal })),
    );
    return { data: records as never };
  },

  async getManyReference(resource, params) {
    return dataProvider.getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
  },

  async create(resource, params) {
    return { data: (await save(resource, params)) as never };
  },

  async update(resource, params) {
    return { data: (await save(resource, params, params.id)) as never };
  },

  async updateMany(resource, params) {
    await Promise.all(params.ids.map((id) => dataProvider.update(resource, { id, data: params.data, previousData: { id }, meta: params.meta })));
    return { data: params.ids };
  },

  async delete(resource, params) {
    const path = resolveResourcePath(resource, { operation: 'delete', id: params.id, meta: params.meta });
    await api(path, { method: 'DELETE' });
    return { data: (params.previousData ?? { id: params.id }) as never };
  },

  async deleteMany(resource, params) {
    await Promise.all(params.ids.map((id) => dataProvider.delete(resource, { id, meta: params.meta })));
    return { data: params.ids };
  },

  async action(resource, { name, method, id, body, meta }) {
    return { data: await api(resolveResourcePath(resource, { operation: 'action', id, name, meta }), { method, body }) };
  },
};
