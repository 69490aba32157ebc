import LockIcon from '@mui/icons-material/Lock';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Box,
  Button,
  Chip,
  Link,
  List,
  ListItem,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { LinkBase as RouterLink, Navigate, useParams, useTranslate } from 'react-admin';
import type { ServiceDomain } from '../../layout/menu';
import { isApiError } from '../../providers/http';
import { useService } from '../../providers/service';
import { EmptyState, ErrorState, LoadingState } from '../common/QueryStates';
import { domainUrl } from './domains';
import { SiteSize } from './SiteSize';

const SITE_SIZE_LABEL_ID = 'service-site-size-label';

/** /usluga/:service_id: the service's name, type, domains and the share of its site size in use. */
export default function ServiceDashboard() {
  const translate = useTranslate();
  const { service_id: serviceId = '' } = useParams();
  // The layout reads the same query for the service menu; a 403 goes to the forbidden screen (shared handler).
  const service = useService(serviceId);

  if (isApiError(service.error, 404)) return <Navigate to="/error/404" replace />;
  if (service.isPending) return <LoadingState />;
  if (service.isError) return <ErrorState error={service.error} />;

  const details = service.data;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography component="h1" variant="h4" gutterBottom>
          {details.name}
        </Typography>
        <Typography color="text.secondary">
          {translate('app.services.type_label', { type: details.service_type.name })}
        </Typography>
        <Button component={RouterLink} to={`/uslugi/${details.service_type.shortcut}`} sx={{ mt: 1, px: 0 }}>
          {translate('app.services.all_of_type', { type: details.service_type.name })}
        </Button>
      </Box>
      <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="service-domains-heading">
        <Typography id="service-domains-heading" component="h2" variant="h6" gutterBottom>
          {translate('app.services.domains')}
        </Typography>
        <DomainList domains={details.domains} />
      </Paper>
      <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby={SITE_SIZE_LABEL_ID}>
        <Typography id={SITE_SIZE_LABEL_ID} component="h2" variant="h6" gutterBottom>
          {translate('app.services.site_size')}
        </Typography>
        <SiteSize used={details.site_size_used} available={details.site_size_available} labelId={SITE_SIZE_LABEL_ID} />
      </Paper>
    </Stack>
  );
}

function DomainList({ domains }: { domains: ServiceDomain[] }) {
  const translate = useTranslate();
  if (domains.length === 0) return <EmptyState text={translate('app.services.no_domains')} />;
  // The main domain first, the rest alphabetically.
  const sorted = [...domains].sort(
    (a, b) => Number(b.is_main) - Number(a.is_main) || a.domain.localeCompare(b.domain, 'pl'),
  );
  return (
    <List disablePadding>
      {sorted.map((domain) => (
        <ListItem key={domain.domain} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Link href={domainUrl(domain)} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            {domainUrl(domain)}
            <OpenInNewIcon fontSize="inherit" titleAccess={translate('app.services.opens_in_new_window')} />
          </Link>
          {domain.is_main && <Chip size="small" color="primary" label={translate('app.services.main')} />}
          {domain.is_ssl && (
            <Chip size="small" variant="outlined" icon={<LockIcon />} label={translate('app.services.ssl')} />
          )}
        </ListItem>
      ))}
    </List>
  );
}
