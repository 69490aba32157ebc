import { AdminContext, CoreAdminUI, CustomRoutes, Loading, useTranslate } from 'react-admin';
import { Route } from 'react-router';
import { AppError } from './layout/AppError';
import { PanelLayout } from './layout/PanelLayout';
import { SessionAwareLayout } from './layout/SessionAwareLayout';
import { guestRouteElement } from './layout/UnauthorizedLayout';
import { Notifications } from './notifications';
import { authProvider } from './providers/authProvider';
import { AppBridge } from './providers/bridge';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { queryClient } from './providers/queryClient';
import { notFoundScreen, routes, routesByName } from './routes';
import { shellRoutes } from './shellRoutes';
import { theme } from './theme';

function ProductName() {
  return <>{useTranslate()('app.layout.product')}</>;
}

const dashboard = routesByName.get('user_dashboard')!.screen.Component;
const guestRoutes = routes.filter((route) => route.access === 'guest' && !shellRoutes.includes(route));
const openRoutes = routes.filter((route) => route.access === 'any');
// The dashboard ('/') is react-admin's own route; the other signed-in pages are custom routes in the layout.
const panelRoutes = routes.filter((route) => route.access === 'authenticated' && route.name !== 'user_dashboard');

/**
 * Every route but the shell's (App.tsx), inside react-admin, in a chunk of its own: the login page
 * loads none of it. react-admin's <Admin> is <AdminContext> + <AdminUI>; AdminUI's default login
 * page, layout and notification (with react-hook-form and more) would be downloaded although they
 * are replaced, so the UI part is composed here from CoreAdminUI with the panel's own pieces.
 */
export default function Panel() {
  return (
    // Within the shell's browser router (react-admin would otherwise bring its own hash router).
    <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={queryClient} theme={theme}>
      <CoreAdminUI
        dashboard={dashboard}
        layout={PanelLayout}
        catchAll={notFoundScreen.Component}
        loading={Loading}
        error={AppError}
        title={<ProductName />}
        loginPage={false}
        authCallbackPage={false}
        disableTelemetry
      >
        <CustomRoutes noLayout>
          {guestRoutes.map((route) => (
            <Route key={route.name} path={route.path} element={guestRouteElement(route)} />
          ))}
          {openRoutes.map(({ name, path, title, screen: { Component } }) => (
            <Route
              key={name}
              path={path}
              element={
                <SessionAwareLayout title={title}>
                  <Component />
                </SessionAwareLayout>
              }
            />
          ))}
        </CustomRoutes>
        <CustomRoutes>
          {panelRoutes.map(({ name, path, screen: { Component } }) => (
            <Route key={name} path={path} element={<Component />} />
          ))}
        </CustomRoutes>
      </CoreAdminUI>
      <AppBridge />
      <Notifications />
    </AdminContext>
  );
}
