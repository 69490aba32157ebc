import { Link, MenuItem, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router';
import { ModuleAccess } from '../../../../client/schema/access';
import { PagedResults, RESULTS_PER_PAGE } from '../../../../client/ui/PagedResults';
import { RecordTable } from '../../../../client/ui/RecordTable';
import { formatMoment } from '../../../../common/panel-time';
import { mailingsModule } from '../mailingsApi';
import { FilterForm, pageOf, PeriodField, useReportParams } from './ReportFilters';
import { EVENT_KINDS } from '../../common/reports';
import { fetchLogs, fetchStatistics } from './reportsApi';

/** Mailings the filter offers: the latest started ones (the statistics' first page of the largest size). */
const MAILING_CHOICES = 100;

function LogRows({ serviceId, values, onPage }: { serviceId: string; values: Record<string, string>; onPage(page: number): void }) {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.newsletter_reports.fields.${name}`);
  const page = pageOf(values);
  const query = useQuery({
    queryKey: ['reports', 'logs', serviceId, values],
    queryFn: ({ signal }) =>
      fetchLogs(serviceId, { mailing_id: values.mailing_id, kind: values.kind, search: values.search, from: values.from, to: values.to, page, per_page: RESULTS_PER_PAGE }, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <PagedResults query={query} page={page} onPage={onPage} empty={translate('resources.newsletter_reports.logs.empty')}>
      {(rows) => (
        <RecordTable
          label={translate('resources.newsletter_reports.logs.table')}
          caption
          rows={rows}
          rowKey={(row) => row.id}
          columns={[
            { key: 'occurred_at', label: field('occurred_at'), value: (row) => formatMoment(row.occurred_at) },
            { key: 'kind', label: field('kind'), value: (row) => translate(`resources.newsletter_reports.kinds.${row.kind}`) },
            { key: 'email', label: field('email'), value: (row) => row.email },
            { key: 'name', label: field('name'), value: (row) => row.name },
            { key: 'mailing', label: field('mailing'), value: (row) => row.subject },
            {
              key: 'url',
              label: field('url'),
              value: (row) =>
                row.url ? (
                  <Link href={row.url} target="_blank" rel="noopener noreferrer">
                    {row.url}
                  </Link>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      )}
    </PagedResults>
  );
}

/** raporty/logi: what each recipient did with the messages (opened, clicked, unsubscribed), filterable. */
export default function DeliveryLogsScreen() {
  const translate = useTranslate();
  const params = useParams() as Record<string, string>;
  const serviceId = params.service_id;
  const [values, change] = useReportParams();
  const mailings = useQuery({
    queryKey: ['reports', 'mailings', serviceId, 'choices'],
    queryFn: ({ signal }) => fetchStatistics(serviceId, { per_page: MAILING_CHOICES }, signal),
  });
  return (
    <ModuleAccess context={{ module: mailingsModule(), params }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {translate('resources.newsletter_reports.logs.title')}
      </Typography>
      <FilterForm key={JSON.stringify(values) + String(mailings.isSuccess)} label={translate('resources.newsletter_reports.filters.label')} onApply={(applied) => change(applied)}>
        <TextField select name="mailing_id" label={translate('resources.newsletter_reports.fields.mailing')} defaultValue={values.mailing_id ?? ''} size="small" sx={{ width: 260 }}>
          <MenuItem value="">{translate('resources.newsletter_reports.filters.all_mailings')}</MenuItem>
          {(mailings.data?.data ?? []).map((mailing) => (
            <MenuItem key={mailing.id} value={String(mailing.id)}>
              {mailing.subject}
            </MenuItem>
          ))}
        </TextField>
        <TextField select name="kind" label={translate('resources.newsletter_reports.fields.kind')} defaultValue={values.kind ?? ''} size="small" sx={{ width: 200 }}>
          <MenuItem value="">{translate('resources.newsletter_reports.filters.all_kinds')}</MenuItem>
          {EVENT_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {translate(`resources.newsletter_reports.kinds.${kind}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField name="search" type="search" label={translate('resources.newsletter_reports.filters.email')} defaultValue={values.search ?? ''} size="small" sx={{ width: 260 }} />
        <PeriodField name="from" label={translate('resources.newsletter_reports.filters.from')} value={values.from} />
        <PeriodField name="to" label={translate('resources.newsletter_reports.filters.to')} value={values.to} />
      </FilterForm>
      <LogRows serviceId={serviceId} values={values} onPage={(page) => change({ page: String(page) })} />
    </ModuleAccess>
  );
}
