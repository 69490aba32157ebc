import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../common/schema/paths';
import type { AdminFile } from '../../common/schema/types';
import { api } from '../providers/http';
import type { SchemaContext } from './access';

/** What OPTIONS answers of a file field whose rules depend on the service (x-admin files.<field>.flags, .template). */
interface FileRules {
  offered: boolean;
  help?: string;
}

const hasServiceRules = (spec: AdminFile) => Boolean(spec.flags?.length || spec.template);

/**
 * The service's rules of the module's file fields: a field the service does not offer is left out
 * of the form (and one with rules waits for them), the template's text shows under a field.
 */
export function useFileRules({ module, params }: SchemaContext) {
  const ruled = Object.values(module.admin.files).some(hasServiceRules);
  const collection = apiPaths(module.admin, params).collection;
  const query = useQuery({
    queryKey: [module.admin.resource, 'options', collection],
    queryFn: ({ signal }) => api<{ files?: Record<string, FileRules> }>(collection, { method: 'OPTIONS', signal }),
    enabled: ruled,
    staleTime: 60_000,
  });
  const rules = query.data?.files ?? {};
  return {
    shown: (field: string) => !hasServiceRules(module.admin.files[field]) || rules[field]?.offered === true,
    help: (field: string) => rules[field]?.help,
  };
}
