import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../common/schema/paths';
import type { AdminFile, ModuleSchema } from '../../common/schema/types';
import { api } from '../providers/http';
import type { SchemaContext } from './access';

/** What OPTIONS answers of a file field whose rules depend on the service (x-admin files.<field>.flags, .template). */
interface FileRules {
  offered: boolean;
  help?: string;
}

const hasServiceRules = (spec: AdminFile) => Boolean(spec.flags?.length || spec.template);

/** The properties that exist only while their flags hold (x-flags: the page data's fields by the template). */
export const flaggedFields = (module: ModuleSchema) =>
  Object.entries(module.schema.properties ?? {})
    .filter(([, property]) => Array.isArray(property['x-flags']) && property['x-flags'].length > 0)
    .map(([field]) => field);

/**
 * The service's rules of the module's fields and file fields, as its OPTIONS answers them: a field
 * or file field the service does not offer is left out of the form (and one with rules waits for
 * them), the template's text shows under a file field.
 */
export function useFileRules({ module, params }: SchemaContext) {
  const flagged = flaggedFields(module);
  const ruled = Object.values(module.admin.files).some(hasServiceRules) || flagged.length > 0;
  const collection = apiPaths(module.admin, params).collection;
  const query = useQuery({
    queryKey: [module.admin.resource, 'options', collection],
    queryFn: ({ signal }) => api<{ files?: Record<string, FileRules>; fields?: Record<string, { offered: boolean }> }>(collection, { method: 'OPTIONS', signal }),
    enabled: ruled,
    staleTime: 60_000,
  });
  const rules = query.data?.files ?? {};
  const fields = query.data?.fields ?? {};
  return {
    pending: ruled && query.isPending,
    error: query.error,
    shown: (field: string) => !hasServiceRules(module.admin.files[field]) || rules[field]?.offered === true,
    fieldShown: (field: string) => !flagged.includes(field) || fields[field]?.offered === true,
    help: (field: string) => rules[field]?.help,
  };
}
