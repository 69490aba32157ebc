import { createTheme, CssBaseline, ThemeProvider } from '@mui/material';
import { Suspense } from 'react';
import { I18nContextProvider, Loading } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router';
import { lazyScreen } from './layout/lazyScreen';
import { guestRouteElement } from './layout/UnauthorizedLayout';
import { i18nProvider, loadTexts } from './providers/i18nProvider';
import { shellRoutes } from './shellRoutes';
import { theme } from './theme';

const panel = lazyScreen<object>(() => Promise.all([import('./Panel'), loadTexts('panel')]).then(([module]) => module));
const muiTheme = createTheme(theme);

/**
 * The shell: the login page (and the blocked-account page) with only the router, the theme and
 * their texts; every other path loads the panel (react-admin, react-query, the route table, the
 * layouts, the rest of the catalogue) as chunks of its own, which the first page thus leaves out.
 */
export function App() {
  return (
    // A browser router for the Polish paths (react-admin would otherwise bring its own hash router).
    <BrowserRouter>
      <ThemeProvider theme={muiTheme}>
        <CssBaseline enableColorScheme />
        <I18nContextProvider value={i18nProvider}>
          <Routes>
            {shellRoutes.map((route) => (
              <Route key={route.name} path={route.path} element={guestRouteElement(route)} />
            ))}
            <Route
              path="*"
              element={
                <Suspense fallback={<Loading />}>
                  <panel.Component />
                </Suspense>
              }
            />
          </Routes>
        </I18nContextProvider>
      </ThemeProvider>
    </BrowserRouter>
  );
}
