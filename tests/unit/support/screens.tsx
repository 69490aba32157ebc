import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { ReactElement } from 'react';
import { AdminContext, memoryStore, reactRouterProvider, TestMemoryRouter, useNotificationContext, useTranslate } from 'react-admin';
import { vi } from 'vitest';
import pl from '../../../i18n/pl.json';
import { storeTokens } from '../../../src/client/providers/tokens';
import { AppBridge } from '../../../src/client/providers/bridge';

/** What a fake API answers: a status and a JSON body (undefined for 204). */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: ApiCall) => FakeAnswer;

/**
 * Replaces fetch with a table of "METHOD /api/path" handlers and records every call, so screens run
 * through the real http client (headers, errors) against answers shaped like the server's.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    const answer = handler ? handler(call) : { status: 404, body: { detail: 'Nie znaleziono zasobu.' } };
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

/** A signed-in session, as after login (the http client then sends the token). */
export function signIn(): void {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  storeTokens({ access_token: `e30.${payload}.sig`, refresh_token: 'refresh', expires_in: 3600 });
  document.cookie = 'XSRF-TOKEN=test-xsrf; Path=/';
}

/** The toasts shown so far (message, and a description as a second line), translated as react-admin's notifier shows them. */
function ToastProbe() {
  const { notifications } = useNotificationContext();
  const translate = useTranslate();
  return (
    <ul aria-label="toasts">
      {notifications.map((notification, index) => (
        <li key={index} data-type={notification.type}>
          {translate(notification.message as string, { _: notification.message, ...notification.notificationOptions?.messageArgs })}
          {typeof notification.notificationOptions?.description === 'string' && <p>{translate(notification.notificationOptions.description)}</p>}
        </li>
      ))}
    </ul>
  );
}

// react-admin's own router primitives: under Vitest a direct 'react-router' import is a second copy.
const { Routes, Route } = reactRouterProvider;

/** Renders screens at their routes inside react-admin (Polish catalogue), react-query and a memory router. */
export function renderScreens(routes: Record<string, ReactElement>, path: string) {
  const locations: string[] = [];
  // Path and query of every location, for screens that keep their state in the address.
  const addresses: string[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const i18nProvider = polyglotI18nProvider(() => pl, 'pl');
  const view = render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(location) => {
        locations.push(location.pathname);
        addresses.push(location.pathname + location.search);
      }}>
      <AdminContext i18nProvider={i18nProvider} queryClient={queryClient} store={memoryStore()}>
        <Routes>
          {Object.entries(routes).map(([routePath, element]) => (
            <Route key={routePath} path={routePath} element={element} />
          ))}
        </Routes>
        <ToastProbe />
        <AppBridge />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...view, queryClient, locations, addresses };
}
