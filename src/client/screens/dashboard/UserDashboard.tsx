import {
  Button,
  Card,
  CardActions,
  CardContent,
  Grid,
  Link,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { LinkBase as RouterLink, useTranslate } from 'react-admin';
import { fullName, useCurrentUser } from '../../providers/session';
import { EmptyState, ErrorState, LoadingState } from '../common/QueryStates';
import { newsListQuery, userServicesQuery, userServiceTypesQuery } from '../common/queries';
import type { ServiceType } from '../common/types';
import { NewsListItems } from '../news/NewsListItems';
import { moduleDashboardPanels } from '../../../modules/client';
import { mainDomain } from '../services/domains';

const SERVICES_PER_TYPE = 5;
const LATEST_NEWS = 5;

/** /: a greeting, the modules' notes (an open survey), the user's services grouped by type, and the latest news. */
export default function UserDashboard() {
  const translate = useTranslate();
  const { user } = useCurrentUser();

  return (
    <Stack spacing={4}>
      <Typography component="h1" variant="h4">
        {user ? translate('app.dashboard.greeting', { name: fullName(user) }) : translate('app.dashboard.title')}
      </Typography>
      {moduleDashboardPanels.map(({ Component }, index) => (
        <Suspense key={index} fallback={null}>
          <Component />
        </Suspense>
      ))}
      <section aria-labelledby="dashboard-services-heading">
        <Typography id="dashboard-services-heading" component="h2" variant="h5" gutterBottom>
          {translate('app.dashboard.services')}
        </Typography>
        <ServiceGroups />
        <Button component={RouterLink} to="/raporty" sx={{ mt: 1 }}>
          {translate('app.dashboard.reports')}
        </Button>
      </section>
      <section aria-labelledby="dashboard-news-heading">
        <Typography id="dashboard-news-heading" component="h2" variant="h5" gutterBottom>
          {translate('app.dashboard.latest_news')}
        </Typography>
        <LatestNews />
      </section>
    </Stack>
  );
}

function ServiceGroups() {
  const translate = useTranslate();
  const types = useQuery(userServiceTypesQuery);
  if (types.isPending) return <LoadingState />;
  if (types.isError) return <ErrorState error={types.error} />;
  if (types.data.data.length === 0) return <EmptyState text={translate('app.dashboard.no_services')} />;
  return (
    <Grid container spacing={2}>
      {types.data.data.map((type) => (
        <Grid key={type.id} size={{ xs: 12, md: 6, lg: 4 }}>
          <ServiceTypeCard serviceType={type} />
        </Grid>
      ))}
    </Grid>
  );
}

/** One service type: its first services (each opening its dashboard) and a link to the full list. */
function ServiceTypeCard({ serviceType }: { serviceType: ServiceType }) {
  const translate = useTranslate();
  const services = useQuery(userServicesQuery({ typePrefix: serviceType.prefix, page: 1, perPage: SERVICES_PER_TYPE }));
  const headingId = `dashboard-type-${serviceType.id}`;
  const total = services.data?.pagination.total ?? serviceType.count;

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={headingId} component="h3" variant="h6">
          {serviceType.name}
        </Typography>
        {total !== undefined && (
          <Typography variant="body2" color="text.secondary">
            {translate('app.dashboard.service_count', { smart_count: total })}
          </Typography>
        )}
        {services.isPending ? (
          <LoadingState />
        ) : services.isError ? (
          <ErrorState error={services.error} />
        ) : (
          <List dense disablePadding>
            {services.data.data.map((service) => (
              <ListItem key={service.service_id} disableGutters>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/usluga/${service.service_id}`}>
                      {service.name}
                    </Link>
                  }
                  secondary={mainDomain(service.domains)?.domain}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to={`/uslugi/${serviceType.shortcut}`} size="small">
          {translate('app.services.all_of_type', { type: serviceType.name })}
        </Button>
      </CardActions>
    </Card>
  );
}

function LatestNews() {
  const translate = useTranslate();
  const news = useQuery(newsListQuery(1, LATEST_NEWS));
  if (news.isPending) return <LoadingState />;
  if (news.isError) return <ErrorState error={news.error} />;
  if (news.data.data.length === 0) return <EmptyState text={translate('app.news.empty')} />;
  return (
    <>
      <Paper variant="outlined">
        <NewsListItems items={news.data.data} />
      </Paper>
      <Button component={RouterLink} to="/wiadomosci" sx={{ mt: 1 }}>
        {translate('app.dashboard.all_news')}
      </Button>
    </>
  );
}
