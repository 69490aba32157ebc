import { Breadcrumbs as MuiBreadcrumbs, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { routesByName, type RouteMatch } from '../routes';
import { buildPath } from './menu';

export interface Crumb {
  title: string;
  path: string | null;
}

/** The route and its parents, outermost first, each with its path filled from the current params. */
export function breadcrumbTrail(match: RouteMatch): Crumb[] {
  const trail: Crumb[] = [];
  for (let route = match.route as (typeof match)['route'] | undefined; route; route = route.parent ? routesByName.get(route.parent) : undefined) {
    trail.unshift({ title: route.title, path: buildPath(route.path, match.params) });
  }
  return trail;
}

export function Breadcrumbs({ match }: { match: RouteMatch | undefined }) {
  const translate = useTranslate();
  if (!match || !match.route.parent) return null;
  const trail = breadcrumbTrail(match);
  return (
    <MuiBreadcrumbs aria-label={translate('app.layout.breadcrumbs')} sx={{ mb: 2 }}>
      {trail.map((crumb, index) =>
        index === trail.length - 1 || !crumb.path ? (
          <Typography key={crumb.title} color="text.primary" aria-current={index === trail.length - 1 ? 'page' : undefined}>
            {translate(crumb.title)}
          </Typography>
        ) : (
          <Link key={crumb.title} component={RouterLink} to={crumb.path} underline="hover" color="inherit">
            {translate(crumb.title)}
          </Link>
        ),
      )}
    </MuiBreadcrumbs>
  );
}
