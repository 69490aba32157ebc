import { Box, Link, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { Suspense, useState, type ReactNode } from 'react';
import { Loading, LogoutOnMount, useTranslate } from 'react-admin';
import { useLocation } from 'react-router';
import { SessionGuard } from '../guards/SessionGuard';
import { useNavigationEffects, usePrefetchScreens } from '../guards/useNavigationEffects';
import { useSession } from '../providers/tokens';
import { matchRoute, notFoundTitle } from '../routes';
import { Breadcrumbs } from './Breadcrumbs';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { Sidebar } from './Sidebar';
import { useSidebarMini } from './sidebarMode';
import { TopBar } from './TopBar';
import { useDocumentTitle } from './useDocumentTitle';
import { useRouteTitle } from './routeTitle';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The signed-in layout (SPEC 2): top bar, sidebar, breadcrumbs, the page, footer. Without an access
 * token (never had one, expired, or signed out in another tab) the user is signed out: the refresh
 * token left in storage is revoked and login opens with the callback URL.
 */
export function AuthorizedLayout({ children }: { children?: ReactNode }) {
  return useSession() ? <PanelFrame>{children}</PanelFrame> : <LogoutOnMount />;
}

function PanelFrame({ children }: { children?: ReactNode }) {
  const translate = useTranslate();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'));
  const location = useLocation();
  const [mini, setMini] = useSidebarMini();
  // The mobile drawer belongs to the page it was opened on: any navigation closes it.
  const [mobileOpenOn, setMobileOpenOn] = useState<string | null>(null);
  const mobileOpen = mobileOpenOn === location.key;
  const match = matchRoute(location.pathname);

  useNavigationEffects();
  usePrefetchScreens();
  useDocumentTitle(useRouteTitle(match?.route, match?.params ?? {}, notFoundTitle), true);

  const toggleMenu = () => (mobile ? setMobileOpenOn(mobileOpen ? null : location.key) : setMini(!mini));

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Link
        href={`#${MAIN_CONTENT_ID}`}
        sx={{ position: 'absolute', left: -10000, zIndex: (t) => t.zIndex.tooltip, '&:focus': { left: 8, top: 8, p: 1, bgcolor: 'background.paper' } }}
      >
        {translate('app.layout.skip_to_content')}
      </Link>
      <TopBar menuOpen={mobile ? mobileOpen : !mini} onToggleMenu={toggleMenu} routeName={match?.route.name} />
      <Sidebar mobile={mobile} mobileOpen={mobileOpen} onMobileClose={() => setMobileOpenOn(null)} mini={mini} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flexGrow: 1, p: { xs: 2, md: 3 }, outline: 'none' }}>
          <Breadcrumbs match={match} />
          <ErrorBoundary message={translate('errors.unexpected')} resetKey={location.pathname}>
            <Suspense fallback={<Loading />}>
              <SessionGuard>{children}</SessionGuard>
            </Suspense>
          </ErrorBoundary>
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}
