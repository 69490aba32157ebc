import { useQueries } from '@tanstack/react-query';
import { apiPaths } from '../../common/schema/paths';
import { referenceOf } from '../../common/schema/registry';
import type { AdminReference, ModuleSchema } from '../../common/schema/types';
import { api } from '../providers/http';
import { clientRegistry } from './registry';

/** The names of the records the given fields reference by id (a news item's category) point to: by field, then by id. */
export function useReferenceLabels(module: ModuleSchema, params: Record<string, string>, fields: readonly string[]): Map<string, Map<string, string>> {
  const columns = fields
    .map((field) => ({ field, target: referenceOf(module.admin.resource, field, module.schema.properties?.[field] ?? {}) }))
    .filter((column): column is { field: string; target: AdminReference } => column.target?.field === 'id');
  const answers = useQueries({
    queries: columns.map(({ target }) => {
      const referenced = clientRegistry.byResource(target.resource)!;
      const address = apiPaths(referenced.admin, params).dictionary;
      return {
        queryKey: [target.resource, 'dictionary', address],
        queryFn: ({ signal }: { signal: AbortSignal }) => api<{ data: { id: number; name: unknown }[] }>(address, { signal }),
        staleTime: 60_000,
      };
    }),
  });
  return new Map(columns.map(({ field }, index) => [field, new Map((answers[index].data?.data ?? []).map((entry) => [String(entry.id), String(entry.name)]))]));
}
