import { Breadcrumbs as MuiBreadcrumbs, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { routesByName, type RouteMatch } from '../routes';
import { buildPath } from './menu';
import { useRouteTitle } from './routeTitle';

export interface Crumb {
  title: string;
  path: string | null;
  route: RouteMatch['route'];
}

/** The route and its parents, outermost first, each with its path filled from the current params. */
export function breadcrumbTrail(match: RouteMatch): Crumb[] {
  const trail: Crumb[] = [];
  for (let route = match.route as (typeof match)['route'] | undefined; route; route = route.parent ? routesByName.get(route.parent) : undefined) {
    trail.unshift({ title: route.title, path: buildPath(route.path, match.params), route });
  }
  return trail;
}

/** A crumb's text: the route's title, or the name of the record its page is about (a news category). */
function CrumbTitle({ crumb, params }: { crumb: Crumb; params: Record<string, string> }) {
  return <>{useRouteTitle(crumb.route, params, crumb.title)}</>;
}

export function Breadcrumbs({ match }: { match: RouteMatch | undefined }) {
  const translate = useTranslate();
  if (!match || !match.route.parent) return null;
  const trail = breadcrumbTrail(match);
  return (
    <MuiBreadcrumbs aria-label={translate('app.layout.breadcrumbs')} sx={{ mb: 2 }}>
      {trail.map((crumb, index) =>
        index === trail.length - 1 || !crumb.path ? (
          <Typography key={crumb.route.name} color="text.primary" aria-current={index === trail.length - 1 ? 'page' : undefined}>
            <CrumbTitle crumb={crumb} params={match.params} />
          </Typography>
        ) : (
          <Link key={crumb.route.name} component={RouterLink} to={crumb.path} underline="hover" color="inherit">
            <CrumbTitle crumb={crumb} params={match.params} />
          </Link>
        ),
      )}
    </MuiBreadcrumbs>
  );
}
