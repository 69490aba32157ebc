import { useEffect } from 'react';
import { useLocation, useNavigate, useNotify, type NotificationOptions, type NotificationType } from 'react-admin';

/*
 * Code outside React (the query cache's error handlers) navigates and shows toasts through the
 * router and react-admin's notify(), registered here by <AppBridge> once <Admin> has mounted.
 */
type Navigate = (path: string, options?: { replace?: boolean }) => void;
type Notify = (message: string, options?: NotificationOptions & { type?: NotificationType }) => void;

let navigateImpl: Navigate = (path) => window.location.assign(path);
let notifyImpl: Notify | null = null;
let routerPath: () => string = () => window.location.pathname;
let routerMoves = 0;

/** The router's current path (the browser's until <AppBridge> mounts). */
export function currentPath(): string {
  return routerPath();
}

/** How many times the router's path has changed: tells whether a navigation asked for has happened yet. */
export function routerMoveCount(): number {
  return routerMoves;
}

export function navigateTo(path: string, options?: { replace?: boolean }): void {
  navigateImpl(path, options);
}

export function notifyFromOutside(message: string, options?: NotificationOptions & { type?: NotificationType }): void {
  notifyImpl?.(message, options);
}

export function AppBridge() {
  const navigate = useNavigate();
  const notify = useNotify();
  const { pathname } = useLocation();
  useEffect(() => {
    navigateImpl = (path, options) => navigate(path, options);
    notifyImpl = notify;
  }, [navigate, notify]);
  useEffect(() => {
    routerPath = () => pathname;
    routerMoves += 1;
  }, [pathname]);
  return null;
}
