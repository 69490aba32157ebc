import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { AppBar, Avatar, Badge, Box, Button, IconButton, Toolbar, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router';
import { api } from '../providers/http';
import { fullName, useCurrentUser, usePanelOpen } from '../providers/session';
import { HelpButton } from '../../modules/admin/client/help/HelpButton';
import { SessionTimer } from '../screens/session/SessionTimer';

/** Under ['news'], so invalidating the news after set_read refreshes the badge too. */
export const unreadNewsQueryKey = ['news', 'unread'] as const;

function NewsBell() {
  const translate = useTranslate();
  const open = usePanelOpen();
  const unread = useQuery({
    queryKey: unreadNewsQueryKey,
    queryFn: () => api<{ unread_count: number }>('/news', { query: { per_page: 1, page: 1 } }),
    select: (body) => body.unread_count,
    enabled: open,
  });
  const count = unread.data ?? 0;
  return (
    <IconButton color="inherit" component={RouterLink} to="/wiadomosci" aria-label={translate('app.layout.news_bell', { smart_count: count })}>
      <Badge badgeContent={count} color="error" max={99}>
        <NotificationsIcon aria-hidden />
      </Badge>
    </IconButton>
  );
}

/** routeName: the screen shown, whose help page (if any) the help button opens. */
export function TopBar({ menuOpen, onToggleMenu, routeName }: { menuOpen: boolean; onToggleMenu(): void; routeName: string | undefined }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          onClick={onToggleMenu}
          aria-label={translate(menuOpen ? 'app.layout.collapse_menu' : 'app.layout.expand_menu')}
          aria-expanded={menuOpen}
        >
          {menuOpen ? <MenuOpenIcon aria-hidden /> : <MenuIcon aria-hidden />}
        </IconButton>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography component={RouterLink} to="/" variant="h6" noWrap sx={{ color: 'inherit', textDecoration: 'none', display: 'inline-block', maxWidth: '100%' }}>
            {translate('app.layout.product')}
          </Typography>
        </Box>
        <SessionTimer />
        <HelpButton routeName={routeName} />
        <NewsBell />
        {user && (
          <Button
            color="inherit"
            component={RouterLink}
            to="/panel/profil"
            aria-label={translate('app.layout.profile_link', { name: fullName(user) })}
            startIcon={<Avatar src={user.avatar_uri ?? undefined} alt="" sx={{ width: 28, height: 28 }} />}
            sx={{ textTransform: 'none' }}
          >
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {fullName(user)}
            </Box>
          </Button>
        )}
        <Button color="inherit" onClick={() => navigate('/wyloguj')} aria-label={translate('app.layout.logout')} startIcon={<LogoutIcon aria-hidden />} sx={{ textTransform: 'none' }}>
          <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
            {translate('app.layout.logout')}
          </Box>
        </Button>
      </Toolbar>
    </AppBar>
  );
}
