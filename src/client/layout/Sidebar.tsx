import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LogoutIcon from '@mui/icons-material/Logout';
import {
  Avatar,
  Box,
  Collapse,
  Divider,
  Drawer,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Tooltip,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router';
import { fullName, useCurrentUser } from '../providers/session';
import { userServiceTypesQuery } from '../screens/common/queries';
import { containsActiveItem, isActiveItem, menuTarget, type MenuItem } from './menu';
import { MenuIcon } from './menuIcons';
import { useSidebarMenu } from './useMenus';
import { useTranslateText } from '../providers/useTranslateText';

export const SIDEBAR_WIDTH = 264;
export const SIDEBAR_MINI_WIDTH = 72;

type MenuData = ReturnType<typeof useSidebarMenu>;

/** A row of the sidebar: in mini mode only the icon shows, with the name as tooltip and accessible name. */
function Row({ mini, icon, label, depth, children }: { mini: boolean; icon: ReactNode; label: string; depth: number; children: (content: ReactNode) => ReactNode }) {
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>{icon}</ListItemIcon>
      {!mini && <ListItemText primary={label} sx={{ my: 0 }} />}
    </>
  );
  const row = children(content);
  return (
    <Box component="li" sx={{ listStyle: 'none', pl: mini ? 0 : depth * 2 }}>
      {mini ? (
        <Tooltip title={label} placement="right">
          <span>{row}</span>
        </Tooltip>
      ) : (
        row
      )}
    </Box>
  );
}

function MenuEntries({ items, menu, mini, depth }: { items: MenuItem[]; menu: MenuData; mini: boolean; depth: number }) {
  return (
    <>
      {items.map((item) => (
        <MenuEntry key={item.id} item={item} menu={menu} mini={mini} depth={depth} />
      ))}
    </>
  );
}

function MenuEntry({ item, menu, mini, depth }: { item: MenuItem; menu: MenuData; mini: boolean; depth: number }) {
  const translateText = useTranslateText();
  const label = translateText(item.name);
  const submenuId = useId();
  const [open, setOpen] = useState(() => containsActiveItem(item, menu.current));

  if (item.type === 'separator') {
    return (
      <Box component="li" aria-hidden sx={{ listStyle: 'none', my: 1 }}>
        <Divider />
      </Box>
    );
  }
  if (item.type === 'folder') {
    return (
      <>
        <Row mini={mini} icon={<MenuIcon name={item.icon} />} label={label} depth={depth}>
          {(content) => (
            <ListItemButton aria-expanded={open} aria-controls={submenuId} aria-label={mini ? label : undefined} onClick={() => setOpen(!open)}>
              {content}
              {!mini && (open ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />)}
            </ListItemButton>
          )}
        </Row>
        <Box component="li" sx={{ listStyle: 'none' }}>
          <Collapse in={open} id={submenuId}>
            <List disablePadding aria-label={label}>
              <MenuEntries items={item.submenu} menu={menu} mini={mini} depth={depth + 1} />
            </List>
          </Collapse>
        </Box>
      </>
    );
  }
  const target = menuTarget(item, menu.context);
  if (!target) return null;
  const active = isActiveItem(item, menu.current);
  return (
    <Row mini={mini} icon={<MenuIcon name={item.icon} />} label={label} depth={depth}>
      {(content) =>
        target.kind === 'external' ? (
          <ListItemButton
            component="a"
            href={target.href}
            target={target.target ?? undefined}
            rel={target.target ? 'noopener noreferrer' : undefined}
            aria-label={mini ? label : undefined}
          >
            {content}
          </ListItemButton>
        ) : (
          <ListItemButton
            component={RouterLink}
            to={target.path}
            selected={active}
            aria-current={active ? 'page' : undefined}
            aria-label={mini ? label : undefined}
          >
            {content}
          </ListItemButton>
        )
      }
    </Row>
  );
}

/** The user block: avatar and name, expanding to the user menu (links, the service lists, logout). */
function UserBlock({ mini }: { mini: boolean }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const serviceTypes = useQuery({ ...userServiceTypesQuery, enabled: open && Boolean(user) });
  if (!user) return <Skeleton variant="rectangular" height={56} />;
  const name = fullName(user);
  const links = [
    { to: '/panel/profil', label: translate('app.layout.user_menu.profile'), icon: 'Person' },
    { to: '/wiadomosci', label: translate('app.layout.user_menu.news'), icon: 'Notifications' },
    { to: '/panel/profil/regulaminy', label: translate('app.layout.user_menu.regulations'), icon: 'Gavel' },
    { to: '/raporty', label: translate('app.layout.user_menu.reports'), icon: 'BarChart' },
    { to: '/faq', label: translate('app.layout.user_menu.faq'), icon: 'Quiz' },
    ...(serviceTypes.data?.data ?? []).map((type) => ({ to: `/uslugi/${encodeURIComponent(type.shortcut)}`, label: type.name, icon: 'Language' })),
  ];
  return (
    <List disablePadding aria-label={translate('app.layout.user_menu.label')}>
      <Row mini={mini} depth={0} label={name} icon={<Avatar src={user.avatar_uri ?? undefined} alt="" sx={{ width: 32, height: 32 }} />}>
        {(content) => (
          <ListItemButton
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={translate('app.layout.user_menu.toggle', { name })}
            onClick={() => setOpen(!open)}
            sx={{ py: 1.5 }}
          >
            {content}
            {!mini && (open ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />)}
          </ListItemButton>
        )}
      </Row>
      <Box component="li" sx={{ listStyle: 'none' }}>
        <Collapse in={open} id={menuId}>
          <List disablePadding>
            {links.map((link) => (
              <Row key={link.to} mini={mini} depth={1} label={link.label} icon={<MenuIcon name={link.icon} />}>
                {(content) => (
                  <ListItemButton component={RouterLink} to={link.to} aria-label={mini ? link.label : undefined}>
                    {content}
                  </ListItemButton>
                )}
              </Row>
            ))}
            <Row mini={mini} depth={1} label={translate('app.layout.logout')} icon={<LogoutIcon aria-hidden />}>
              {(content) => (
                <ListItemButton onClick={() => navigate('/wyloguj')} aria-label={mini ? translate('app.layout.logout') : undefined}>
                  {content}
                </ListItemButton>
              )}
            </Row>
          </List>
        </Collapse>
      </Box>
    </List>
  );
}

function SidebarContent({ mini }: { mini: boolean }) {
  const translate = useTranslate();
  const menu = useSidebarMenu();
  return (
    <Box component="nav" aria-label={translate('app.layout.menu_label')} sx={{ overflowX: 'hidden' }}>
      <UserBlock mini={mini} />
      <Divider />
      {menu.isLoading ? (
        <Box sx={{ p: 2 }} aria-busy="true">
          <Skeleton />
          <Skeleton />
          <Skeleton />
        </Box>
      ) : (
        <List>
          <MenuEntries items={menu.items} menu={menu} mini={mini} depth={0} />
        </List>
      )}
    </Box>
  );
}

/** The sidebar: permanent (full or mini) on wide screens, a temporary drawer on small ones. */
export function Sidebar({ mobile, mobileOpen, onMobileClose, mini }: { mobile: boolean; mobileOpen: boolean; onMobileClose(): void; mini: boolean }) {
  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        ModalProps={{ keepMounted: true }}
        sx={{ zIndex: (theme) => theme.zIndex.drawer + 2, '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH } }}
      >
        <SidebarContent mini={false} />
      </Drawer>
    );
  }
  const width = mini ? SIDEBAR_MINI_WIDTH : SIDEBAR_WIDTH;
  return (
    <Drawer
      variant="permanent"
      sx={{
        width,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width, boxSizing: 'border-box', top: 64, height: 'calc(100% - 64px)', transition: 'width 150ms' },
      }}
    >
      <SidebarContent mini={mini} />
    </Drawer>
  );
}
