import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { api } from '../providers/http';
import { isServicePath, serviceIdFromPath, SERVICE_STATE_KEY, useService, useServicePermissions } from '../providers/service';
import { useCurrentUser, usePanelOpen } from '../providers/session';
import { matchRoute, routes } from '../routes';
import { allowedPrefixes, filterMenu, serviceMainUrl, type MenuItem } from './menu';

interface MenuResponse {
  data: MenuItem[];
}

export type MenuKind = 'main' | 'service' | 'admin';

/** The admin area's menu (its screens, and what its schema modules place), for root users. */
export function useAdminMenu(enabled = true) {
  return useQuery({
    queryKey: ['menu', 'admin'],
    queryFn: () => api<MenuResponse>('/user/menu/admin'),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** SPEC 2: the admin menu on /admin paths, the service menu on /usluga paths with a service id, else the main menu. */
export function menuKindFor(pathname: string, serviceId: string | undefined): MenuKind {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'admin';
  if (isServicePath(pathname) && serviceId) return 'service';
  return 'main';
}

/** The sidebar menu for the current page, filtered, with what its links need. */
export function useSidebarMenu() {
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const serviceId = serviceIdFromPath(pathname);
  const kind = menuKindFor(pathname, serviceId);
  const isRoot = Boolean(user?.is_root);
  const open = usePanelOpen();

  const main = useQuery({
    queryKey: ['menu', 'main'],
    queryFn: () => api<MenuResponse>('/user/menu/main'),
    enabled: open && kind === 'main',
    staleTime: 5 * 60_000,
  });
  const admin = useAdminMenu(open && kind === 'admin' && isRoot);
  const service = useQuery({
    queryKey: [SERVICE_STATE_KEY, 'menu', serviceId ?? ''],
    queryFn: () => api<MenuResponse>(`/user/menu/client_service/${encodeURIComponent(serviceId ?? '')}`),
    enabled: open && kind === 'service',
    staleTime: 5 * 60_000,
  });
  const permissions = useServicePermissions(kind === 'service' ? serviceId : undefined);
  const serviceDetails = useService(kind === 'service' ? serviceId : undefined);

  const items = useMemo(() => {
    if (!user) return [];
    if (kind === 'admin') return filterMenu(admin.data?.data ?? [], { isRoot, allowed: allowedPrefixes(routes, { isRoot }) });
    if (kind === 'service') {
      if (!permissions.data) return [];
      return filterMenu(service.data?.data ?? [], {
        isRoot,
        allowed: allowedPrefixes(routes, { isRoot, modules: permissions.data.modules }),
      });
    }
    return filterMenu(main.data?.data ?? [], { isRoot, allowed: allowedPrefixes(routes, { isRoot }) });
  }, [user, kind, isRoot, main.data, admin.data, service.data, permissions.data]);

  return {
    kind,
    items,
    // A user with a step to settle first has no menu to wait for.
    isLoading: user === undefined || (open && (kind === 'main' ? main.isPending : kind === 'admin' ? isRoot && admin.isPending : service.isPending || permissions.isPending)),
    context: {
      routes,
      params: serviceId ? { service_id: serviceId } : {},
      mainUrl: serviceMainUrl(serviceDetails.data?.domains),
    },
    current: matchRoute(pathname),
  };
}
