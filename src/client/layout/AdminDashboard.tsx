import { Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../providers/session';
import { routes } from '../routes';
import { adminMenu } from './adminMenu';
import { allowedPrefixes, filterMenu, menuTarget } from './menu';
import { MenuIcon } from './menuIcons';

/** /admin: the admin area's entry page, one card per admin module available. */
export default function AdminDashboard() {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const isRoot = Boolean(user?.is_root);
  const items = filterMenu(adminMenu, { isRoot, allowed: allowedPrefixes(routes, { isRoot }) }).filter((item) => item.prefix?.startsWith('admin_') && item.prefix !== 'admin_dashboard');
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('app.layout.titles.admin_dashboard')}
      </Typography>
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
