import { useQuery, type QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { ServiceDomain } from '../layout/menu';
import { api } from './http';

/** The body of GET /api/client_service/{id}. */
export interface ClientService {
  service_id: number;
  name: string;
  service_type: { id: number; name: string; shortcut: string };
  kind_id: number;
  client_id: number;
  site_permissions_profile_id: number | null;
  domains: ServiceDomain[];
  site_size_available: number;
  site_size_used: number;
}

export interface ServicePermissions {
  is_admin: boolean;
  modules: string[];
}

/** Everything held about the open service lives under this query-key root; leaving /usluga drops it. */
export const SERVICE_STATE_KEY = 'client_service';
export const serviceQueryKey = (serviceId: string) => [SERVICE_STATE_KEY, 'details', serviceId] as const;
export const servicePermissionsQueryKey = (serviceId: string) => [SERVICE_STATE_KEY, 'permissions', serviceId] as const;

export function isServicePath(pathname: string): boolean {
  return pathname === '/usluga' || pathname.startsWith('/usluga/');
}

/** The service id of a /usluga/{service_id}/... path. */
export function serviceIdFromPath(pathname: string): string | undefined {
  return matchPath({ path: '/usluga/:service_id', end: false }, pathname)?.params.service_id;
}

/** The open service's data; SPEC 4: a failed load resets it to empty (react-query would keep the previous answer beside the error). */
export function useService(serviceId: string | undefined) {
  const service = useQuery({
    queryKey: serviceQueryKey(serviceId ?? ''),
    queryFn: () => api<ClientService>(`/client_service/${encodeURIComponent(serviceId ?? '')}`),
    enabled: Boolean(serviceId),
    staleTime: 60_000,
  });
  return service.isError ? { ...service, data: undefined } : service;
}

export function useServicePermissions(serviceId: string | undefined) {
  return useQuery({
    queryKey: servicePermissionsQueryKey(serviceId ?? ''),
    queryFn: () => api<ServicePermissions>(`/user/permissions/client_service/${encodeURIComponent(serviceId ?? '')}`),
    enabled: Boolean(serviceId),
    staleTime: 60_000,
  });
}

/** SPEC 4: leaving /usluga clears the service (and template) state. */
export function clearServiceState(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: [SERVICE_STATE_KEY], type: 'inactive' });
}
