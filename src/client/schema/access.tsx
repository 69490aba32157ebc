import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-admin';
import { apiPaths } from '../../common/schema/paths';
import type { ModuleSchema } from '../../common/schema/types';
import { api, isApiError } from '../providers/http';
import { handleAccessError, pendingStepPath, showForbidden } from '../providers/queryClient';
import { SERVICE_STATE_KEY } from '../providers/service';
import { moduleOf } from './registry';
import { ErrorState, LoadingState } from '../screens/common/QueryStates';

export const NOT_FOUND_PATH = '/error/404';

export interface SchemaContext {
  module: ModuleSchema;
  /** The route params (service_id, the record param, ...): the dataProvider's `meta`, which fills the API paths. */
  params: Record<string, string>;
}

export function useSchemaContext(resource: string): SchemaContext {
  const params = useParams() as Record<string, string>;
  return { module: moduleOf(resource), params };
}

/** SPEC 6: every service route first checks the module permission; failure: 'Brak dostępu.' then the 403 screen. */
export function useModulePermission(module: ModuleSchema, serviceId: string | undefined) {
  const needed = module.admin.scope === 'service' && Boolean(serviceId);
  const query = useQuery({
    queryKey: [SERVICE_STATE_KEY, 'module_permission', serviceId, module.admin.module],
    // A refusal is this check's answer, not a failure (the query cache's 403 handling would run too).
    queryFn: ({ signal }) =>
      api<{ allowed: boolean; refusal?: unknown }>(
        `/user/permissions/client_service/${encodeURIComponent(serviceId ?? '')}/module/${encodeURIComponent(module.admin.module)}`,
        { signal },
      ).catch((error: unknown) => {
        if (isApiError(error, 403)) return { allowed: false, refusal: error };
        throw error;
      }),
    enabled: needed,
    retry: false,
    staleTime: 60_000,
  });
  const denied = query.isError || query.data?.allowed === false;
  const refusal = query.data?.refusal;
  useEffect(() => {
    if (!denied) return;
    // A step the user must settle first (SPEC 4) leads to its page, not to the 403 screen.
    if (pendingStepPath(refusal)) void handleAccessError(refusal);
    else showForbidden();
  }, [denied, refusal]);
  return { allowed: !needed || query.data?.allowed === true, denied };
}

/** SPEC 7: the lookups of a record's pages (a news item's /menu, /photos, /audios, ...) are retried only on a 400. */
const retryOn400 = (failures: number, error: unknown) => failures < 3 && isApiError(error, 400);

/**
 * Whether a module's pages exist for these params: SPEC 2's feature flags hide them with 404. The
 * server resolves the flags (the template's features, the parent record's fields) on every call of
 * the module; its OPTIONS answers the question for the route and for the record's tabs alike.
 */
export function moduleShownQuery(module: ModuleSchema, params: Record<string, string>) {
  const collection = apiPaths(module.admin, params).collection;
  return {
    queryKey: [module.admin.resource, 'shown', collection],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api(collection, { method: 'OPTIONS', signal }).then(
        () => true,
        (error: unknown) => {
          if (isApiError(error, 404)) return false;
          throw error;
        },
      ),
    retry: retryOn400,
    staleTime: 60_000,
  };
}

/** A lookup for a record's tabs: one failing otherwise than with a 400 is logged and answers `fallback` (SPEC 8: no media). */
function tabLookup<T>(resource: string, fallback: T, lookup: (signal: AbortSignal) => Promise<T>) {
  return ({ signal }: { signal: AbortSignal }) =>
    lookup(signal).catch((error: unknown) => {
      if (isApiError(error, 400)) throw error;
      console.error(`${resource}: the page lookup failed`, error);
      return fallback;
    });
}

/** Whether a record's page behind a flag (a news item's videos) is there, for its tab. */
export function tabShownQuery(module: ModuleSchema, params: Record<string, string>) {
  const query = moduleShownQuery(module, params);
  return { ...query, queryFn: tabLookup(module.admin.resource, false, (signal) => query.queryFn({ signal })) };
}

/**
 * The OPTIONS answer of a sub-path of the record the route names (a news item's /menu, /display);
 * keyed under the record's resource, so saving the record refreshes it.
 */
export function recordOptionsQuery<T>(module: ModuleSchema, params: Record<string, string>, path: string) {
  const address = `${apiPaths(module.admin, params).item(params[module.admin.route.param])}/${path}`;
  return {
    queryKey: [module.admin.resource, 'options', address],
    queryFn: ({ signal }: { signal: AbortSignal }) => api<T>(address, { method: 'OPTIONS', signal }),
    retry: retryOn400,
    staleTime: 60_000,
  };
}

/** The fields a record's menu (x-admin.api.menu) answers in one call, which its nested modules' record:<field> flags read. */
export function recordMenuQuery(record: ModuleSchema, params: Record<string, string>) {
  const query = recordOptionsQuery<Record<string, unknown>>(record, params, record.admin.api.menu ?? '');
  return { ...query, queryFn: tabLookup(record.admin.resource, {}, (signal) => query.queryFn({ signal })) };
}

function useModuleFlags({ module, params }: SchemaContext, enabled: boolean) {
  const needed = module.admin.flags.length > 0;
  const query = useQuery({ ...moduleShownQuery(module, params), enabled: needed && enabled });
  return { ready: !needed || query.isSuccess, hidden: needed && query.data === false, error: needed ? query.error : null };
}

/** Renders a module's screen once its permission is granted and its feature flags hold. */
export function ModuleAccess({ context, children }: { context: SchemaContext; children: ReactNode }) {
  const { allowed } = useModulePermission(context.module, context.params.service_id);
  const flags = useModuleFlags(context, allowed);
  if (flags.hidden) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (flags.error) return <LoadFailure error={flags.error} />;
  return allowed && flags.ready ? <>{children}</> : <LoadingState />;
}

/**
 * A failed load: not found (an unknown record, or a module whose feature flag the service lacks)
 * shows the 404 screen; the query cache already handles 401 and 403.
 */
export function LoadFailure({ error }: { error: unknown }) {
  if (isApiError(error, 404)) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (isApiError(error, 401) || isApiError(error, 403)) return <LoadingState />;
  return <ErrorState error={error} />;
}
