import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router';
import { api } from '../../../client/providers/http';
import FormScreen from '../../../client/schema/FormScreen';
import { moduleOf } from '../../../client/schema/registry';
import { ErrorState, LoadingState } from '../../../client/screens/common/QueryStates';
import { formatNumber } from './reports/reportsApi';

/** SPEC 3 service limits: GET .../limits, each limit of the form with its usage in the current day or month. */
interface LimitUsage {
  prefix: string;
  limit: number | null;
  usage: number;
  remaining: number;
}

/**
 * The sending limits in use now: each limit as saved, what the service sent of it in the current
 * period and what is left. Saving the form above refreshes it (the form invalidates the module's queries).
 */
function LimitsUsage() {
  const translate = useTranslate();
  const { service_id: serviceId = '' } = useParams();
  const properties = moduleOf('limits').schema.properties ?? {};
  const query = useQuery({
    queryKey: ['limits', 'usage', serviceId],
    queryFn: ({ signal }) => api<{ data: LimitUsage[] }>(`/client_service/${encodeURIComponent(serviceId)}/limits`, { signal }),
  });
  const caption = translate('resources.limits.usage.title');
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} />;
  return (
    <TableContainer component={Paper} sx={{ mt: 3 }}>
      <Table size="small" aria-labelledby="limits-usage-title">
        <caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <Typography id="limits-usage-title" variant="h6" component="h2">
            {caption}
          </Typography>
        </caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{translate('resources.limits.usage.limit')}</TableCell>
            <TableCell scope="col" align="right">{translate('resources.limits.usage.value')}</TableCell>
            <TableCell scope="col" align="right">{translate('resources.limits.usage.used')}</TableCell>
            <TableCell scope="col" align="right">{translate('resources.limits.usage.remaining')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {query.data.data.map((row) => {
            const title = (properties[row.prefix] as { title?: string } | undefined)?.title;
            return (
              <TableRow key={row.prefix}>
                <TableCell component="th" scope="row">
                  {title ? translate(title) : row.prefix}
                </TableCell>
                <TableCell align="right">{row.limit === null ? translate('resources.limits.usage.not_set') : formatNumber(row.limit)}</TableCell>
                <TableCell align="right">{formatNumber(row.usage)}</TableCell>
                <TableCell align="right">{row.limit === null ? '—' : formatNumber(row.remaining)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** admin/limity: the limits form (root users change it) and the usage of the limits now. */
export default function LimitsPage() {
  return (
    <>
      <FormScreen resource="limits" view="edit" />
      <LimitsUsage />
    </>
  );
}
