import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { api } from './http';

export type DataOperation = 'list' | 'one' | 'create' | 'update' | 'delete';

export interface ResourcePathParams {
  operation: DataOperation;
  id?: Identifier;
  /** react-admin's `meta` (e.g. the service_id of a service-scoped resource). */
  meta?: Record<string, unknown>;
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

/** The dataProvider over api(): lists come as {data, pagination.total}. */
export const dataProvider: DataProvider = {
  async getList(resource, params) {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
    const body = await api<ListBody<RaRecord>>(resolveResourcePath(resource, { operation: 'list', meta: params.meta }), {
      query: {
        ...filterQuery(params.filter),
        page,
        per_page: perPage,
        order: params.sort?.field,
        order_desc: params.sort ? params.sort.order === 'DESC' : undefined,
      },
      signal: params.signal,
    });
    return { data: body.data as never, total: body.pagination?.total ?? body.data.length };
  },

  async getOne(resource, params) {
    const path = resolveResourcePath(resource, { operation: 'one', id: params.id, meta: params.meta });
    return { data: await api(path, { signal: params.signal }) };
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
    const path = resolveResourcePath(resource, { operation: 'create', meta: params.meta });
    const created = await api<RaRecord | undefined>(path, { method: 'POST', body: params.data });
    return { data: (created ?? params.data) as never };
  },

  async update(resource, params) {
    const path = resolveResourcePath(resource, { operation: 'update', id: params.id, meta: params.meta });
    const updated = await api<RaRecord | undefined>(path, { method: 'PUT', body: params.data });
    return { data: (updated ?? { ...params.previousData, ...params.data, id: params.id }) as never };
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
};
