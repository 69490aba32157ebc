import { Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../providers/session';
import { routes } from '../routes';
import { ErrorState, LoadingState } from '../screens/common/QueryStates';
import { allowedPrefixes, filterMenu, menuTarget, type MenuItem } from './menu';
import { MenuIcon } from './menuIcons';
import { useAdminMenu } from './useMenus';

/** /admin: the admin area's entry page, one card per admin module available. */
export default function AdminDashboard() {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const isRoot = Boolean(user?.is_root);
  const menu = useAdminMenu(isRoot);
  // The screens in the admin menu's folders too (a folder an admin schema module declares).
  const screens = (entries: MenuItem[]): MenuItem[] => entries.flatMap((item) => (item.type === 'folder' ? screens(item.submenu) : [item]));
  const items = screens(filterMenu(menu.data?.data ?? [], { isRoot, allowed: allowedPrefixes(routes, { isRoot }) })).filter(
    (item) => item.prefix?.startsWith('admin_') && item.prefix !== 'admin_dashboard',
  );
  const heading = (
    <Typography variant="h4" component="h1" gutterBottom>
      {translate('app.layout.titles.admin_dashboard')}
    </Typography>
  );
  if (menu.isPending) return <>{heading}<LoadingState /></>;
  if (menu.isError) return <>{heading}<ErrorState error={menu.error} /></>;
  return (
    <>
      {heading}
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate(items.length > 0 ? 'app.layout.admin_intro' : 'app.layout.admin_empty')}
      </Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0 }}>
        {items.map((item) => {
          const target = menuTarget(item, { routes, params: {}, mainUrl: null });
          return target?.kind === 'internal' ? (
            <Grid key={item.id} component="li" size={{ xs: 12, sm: 6, md: 4 }}>
              <Card>
                <CardActionArea component={RouterLink} to={target.path}>
                  <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                    <MenuIcon name={item.icon} />
                    <Typography>{translate(item.name)}</Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ) : null;
        })}
      </Grid>
    </>
  );
}
