import { Admin, CustomRoutes } from 'react-admin';
import { Route } from 'react-router';
import { GuestGuard } from './guards/GuestGuard';
import { AuthorizedLayout } from './layout/AuthorizedLayout';
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

function AppNotifications() {
  return (
    <>
      <AppBridge />
      <Notifications />
    </>
  );
}

const dashboard = routesByName.get('user_dashboard')!.screen.Component;
const guestRoutes = routes.filter((route) => route.access === 'guest');
const openRoutes = routes.filter((route) => route.access === 'any');
// The dashboard ('/') is <Admin>'s own route; the other signed-in pages are custom routes in the layout.
const panelRoutes = routes.filter((route) => route.access === 'authenticated' && route.name !== 'user_dashboard');

export function App() {
  return (
    <Admin
      dashboard={dashboard}
      layout={AuthorizedLayout}
      loginPage={false}
      authCallbackPage={false}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      notification={AppNotifications}
      catchAll={notFoundScreen.Component}
      theme={theme}
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
    </Admin>
  );
}
