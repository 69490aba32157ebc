import { useQueries } from '@tanstack/react-query';
import { apiPaths } from '../../common/schema/paths';
import { referenceOf } from '../../common/schema/registry';
import type { ModuleSchema } from '../../common/schema/types';
import { optionsAddress, propertyOptions } from '../../common/schema/widgets';
import { api } from '../providers/http';
import { clientRegistry } from './registry';

type Choice = { id: number | string; name: unknown };

/**
 * The names the given fields' values stand for, by field, then by value: of the records they
 * reference by id (a news item's category), and of the choices an x-options field's call offers
 * when it names no other field (a help page's screen: its Polish title, not its route name).
 */
export function useReferenceLabels(module: ModuleSchema, params: Record<string, string>, fields: readonly string[]): Map<string, Map<string, string>> {
  const collection = apiPaths(module.admin, params).collection;
  const sources = fields.flatMap((field) => {
    const property = module.schema.properties?.[field] ?? {};
    const target = referenceOf(module.admin.resource, field, property);
    if (target?.field === 'id') {
      const address = apiPaths(clientRegistry.byResource(target.resource)!.admin, params).dictionary;
      return [{ field, queryKey: [target.resource, 'dictionary', address], address, query: {} }];
    }
    const options = propertyOptions(property);
    const address = options && optionsAddress(options, {});
    // The same query as the form's choices (OptionsWidget), so either fills the other's cache.
    return address ? [{ field, queryKey: [module.admin.resource, 'options', collection, address], address: `${collection}/${address.path}`, query: address.query }] : [];
  });
  const answers = useQueries({
    queries: sources.map(({ queryKey, address, query }) => ({
      queryKey,
      queryFn: ({ signal }: { signal: AbortSignal }) => api<{ data: Choice[] }>(address, { query, signal }).then((answer) => answer.data),
      staleTime: 60_000,
    })),
  });
  return new Map(sources.map(({ field }, index) => [field, new Map((answers[index].data ?? []).map((entry) => [String(entry.id), String(entry.name)]))]));
}
