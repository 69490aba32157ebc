import { useQueries } from '@tanstack/react-query';
import { apiPaths } from '../../common/schema/paths';
import { referenceOf } from '../../common/schema/registry';
import type { ModuleSchema } from '../../common/schema/types';
import { api } from '../providers/http';
import { moduleOf } from './registry';

/**
 * The names of the records a list's columns name by id (x-ref), from each referenced module's
 * dictionary of the same service: an editor's role shows as the role's name, not its id. Undefined
 * for other columns, and until the names arrive.
 */
export function useReferenceLabels(module: ModuleSchema, params: Record<string, string>, fields: readonly string[]) {
  const references = fields.flatMap((field) => {
    const reference = referenceOf(module.admin.resource, field, module.schema.properties?.[field] ?? {});
    return reference?.field === 'id' ? [{ field, collection: apiPaths(moduleOf(reference.resource).admin, params).collection, resource: reference.resource }] : [];
  });
  const dictionaries = useQueries({
    queries: references.map(({ collection, resource }) => ({
      // Under the referenced resource: its writes refresh the names.
      queryKey: [resource, 'dictionary', collection],
      queryFn: ({ signal }: { signal: AbortSignal }) => api<{ data: { id: number | string; name: unknown }[] }>(`${collection}/dictionary`, { signal }),
      staleTime: 60_000,
    })),
  });
  return (field: string, value: unknown): string | undefined => {
    const index = references.findIndex((reference) => reference.field === field);
    const found = index < 0 ? undefined : dictionaries[index].data?.data.find((entry) => String(entry.id) === String(value));
    return found === undefined ? undefined : String(found.name);
  };
}
