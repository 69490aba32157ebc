import { CssBaseline } from '@mui/material';
import { AdminContext, CoreAdminUI, CustomRoutes, Loading, useTranslate } from 'react-admin';
import { BrowserRouter, Route } from 'react-router';
import { GuestGuard } from './guards/GuestGuard';
import { AppError } from './layout/AppError';
import { PanelLayout } from './layout/PanelLayout';
import { SessionAwareLayout } from './layout/SessionAwareLayout';
import { UnauthorizedLayout } from './layout/UnauthorizedLayout';
import { Notifications } from './notifications';
import { authProvider } from './providers/authProvider';
import { AppBridge } from './providers/bridge';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { queryClient } from './providers/queryClient';
import { notFoundScreen, routes, routesByName } from './routes';
import { theme } from './theme';

function ProductName() {
  return <>{useTranslate()('app.layout.product')}</>;
}

const dashboard = routesByName.get('user_dashboard')!.screen.Component;
const guestRoutes = routes.filter((route) => route.access === 'guest');
const openRoutes = routes.filter((route) => route.access === 'any');
// The dashboard ('/') is react-admin's own route; the other signed-in pages are custom routes in the layout.
const panelRoutes = routes.filter((route) => route.access === 'authenticated' && route.name !== 'user_dashboard');

/**
 * react-admin's <Admin> is <AdminContext> + <AdminUI>; AdminUI's default login page, layout and
 * notification (with react-hook-form and more) would land in the login page's bundle although they
 * are replaced, so the UI part is composed here from CoreAdminUI with the panel's own pieces.
 */
export function App() {
  return (
    // A browser router for the Polish paths (react-admin would otherwise bring its own hash router).
    <BrowserRouter>
      <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={queryClient} theme={theme}>
        <CssBaseline enableColorScheme />
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
            {guestRoutes.map(({ name, path, screen: { Component } }) => (
              <Route
                key={name}
                path={path}
                element={
                  <UnauthorizedLayout>
                    <GuestGuard>
                      <Component />
                    </GuestGuard>
                  </UnauthorizedLayout>
                }
              />
            ))}
            {openRoutes.map(({ name, path, screen: { Component } }) => (
              <Route
                key={name}
                path={path}
                element={
                  <SessionAwareLayout>
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
    </BrowserRouter>
  );
}
