import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { type ComponentType, lazy, Suspense } from 'react';
import { LinkBase, Navigate, useGetOne, useTranslate } from 'react-admin';
import { routePath } from '../../common/schema/paths';
import type { JsonSchema } from '../../common/schema/types';
import { DocumentPreview } from '../ui/DocumentPreview';
import { ActionButton, actionOffered } from './actions';
import { displayedAsPicture } from './Pictures';
import { LoadFailure, ModuleAccess, NOT_FOUND_PATH, useSchemaContext, type SchemaContext } from './access';
import { RecordHeading, RecordTabs } from './RecordTabs';
import { lockNotice, recordId, storedRecord, type StoredRecord } from './records';
import { changedModule, fieldTitleKey } from './registry';
import { useReferenceLabels } from './references';
import { propertyWidget } from '../../common/schema/widgets';
import { sanitizeHtml } from '../layout/sanitize';
import type { SchemaScreenProps } from './routes';
import { displayValue } from './values';
import { LoadingState } from '../screens/common/QueryStates';

/** What a property says when the record has no value for it (x-empty, a catalogue key), e.g. the template preview's 'Brak bloków.'. */
const emptyText = (property: JsonSchema) => (typeof property['x-empty'] === 'string' ? property['x-empty'] : undefined);
const hasValue = (value: unknown) => value !== undefined && value !== null && value !== '';
/** A document the server made (x-widget document, a template's html): previewed in its own frame, below the fields. */
const isDocument = (property: JsonSchema) => propertyWidget(property) === 'document';

function RecordDetails({ context }: { context: SchemaContext }) {
  const { module, params } = context;
  const { admin } = module;
  const translate = useTranslate();
  const record = useGetOne<StoredRecord>(admin.resource, { id: recordId(admin.singleton, params[admin.route.param]), meta: params });
  const referenceLabels = useReferenceLabels(module, params, Object.keys(module.schema.properties ?? {}));
  if (record.isPending) return <LoadingState />;
  if (record.isError) return <LoadFailure error={record.error} />;
  const data = storedRecord(record.data);
  // An optional last segment of the address names one of the record's fields (an imported item's source service): another value is no such page.
  const named = [...(admin.route.views.show ?? '').matchAll(/\{(\w+)\?\}/g)].map((match) => match[1]);
  if (data && named.some((field) => params[field] !== undefined && String(data[field]) !== params[field])) return <Navigate to={NOT_FOUND_PATH} replace />;
  const locked = lockNotice(admin, data);
  const editPath = admin.route.views.edit !== undefined && data ? routePath(admin, 'edit', { ...params, [admin.route.param]: String(data.id) }) : null;
  // The fields worth showing: the readable properties that have a value (or say what their absence means), then the stored files.
  const shown = data
    ? Object.entries(module.schema.properties ?? {}).filter(([field, property]) => property.writeOnly !== true && (hasValue(data[field]) || emptyText(property)))
    : [];
  const fields = shown.filter(([, property]) => !isDocument(property));
  const documents = shown.filter(([, property]) => isDocument(property));
  // Other files (a video, captions) are the module's to show: the details show pictures only.
  const images = data ? Object.entries(admin.files).filter(([field, spec]) => typeof data[`${field}_uri`] === 'string' && spec.accept.every((type) => type.startsWith('image/'))).map(([field]) => field) : [];
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      {locked && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(locked)}
        </Alert>
      )}
      {data ? (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}>
          {fields.map(([field, property]) => (
            <Box key={field} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {translate(fieldTitleKey(module, field))}
              </Typography>
              {hasValue(data[field]) && displayedAsPicture(property, data[field], String(data[admin.list.label] ?? '')) ? (
                <Box component="dd" sx={{ m: 0 }}>
                  {displayedAsPicture(property, data[field], String(data[admin.list.label] ?? ''))}
                </Box>
              ) : hasValue(data[field]) && propertyWidget(property) === 'richtext' ? (
                // Rich text as its HTML, by the server's own policy (it was sanitised on saving, and is again here).
                <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere', '& > :first-of-type': { mt: 0 } }} dangerouslySetInnerHTML={{ __html: sanitizeHtml(String(data[field])) }} />
              ) : (
                <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {hasValue(data[field])
                    ? (referenceLabels.get(field)?.get(String(data[field])) ?? displayValue(module, field, data[field], translate, () => changedModule(module, data)))
                    : translate(emptyText(property)!)}
                </Typography>
              )}
            </Box>
          ))}
          {images.map((field) => (
            <Box key={field} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {translate(fieldTitleKey(module, field))}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                <Box component="img" src={data[`${field}_uri`] as string} alt={translate(fieldTitleKey(module, field))} sx={{ maxWidth: 240 }} />
              </Box>
            </Box>
          ))}
        </Box>
      ) : (
        <Typography>{translate('app.schema.empty')}</Typography>
      )}
      {data &&
        documents.map(([field, property]) => (
          <Box key={field} component="section" sx={{ mt: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {translate(fieldTitleKey(module, field))}
            </Typography>
            {hasValue(data[field]) ? (
              <DocumentPreview html={String(data[field])} title={translate(fieldTitleKey(module, field))} />
            ) : (
              <Typography>{translate(emptyText(property)!)}</Typography>
            )}
          </Box>
        ))}
      {/* A read-only module's record offers its actions here (activating a template from its details). */}
      {data && !admin.writable && admin.actions.some((action) => action.on !== 'collection' && actionOffered(action, data)) && (
        <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
          {admin.actions.filter((action) => action.on !== 'collection').map((action) => <ActionButton key={action.name} context={context} action={action} record={data} />)}
        </Stack>
      )}
      {!locked && (editPath || (!data && admin.route.views.list !== undefined)) && (
        <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
          <Button variant="contained" startIcon={<EditIcon />} component={LinkBase} to={editPath ?? routePath(admin, 'list', params)}>
            {translate('ra.action.edit')}
          </Button>
          {data && admin.actions.filter((action) => action.download).map((action) => <ActionButton key={action.name} context={context} action={action} record={data} />)}
        </Stack>
      )}
    </Paper>
  );
}

/** What a module's own code shows below a record's details, by resource, loaded with it: the sender preview's From address and DKIM record to publish, a video's player, a form submission's files. */
const SECTIONS: Record<string, ComponentType<{ params: Record<string, string> }>> = {
  senders_config: lazy(() => import('../../modules/newsletter/client/SenderPreview')),
  videos: lazy(() => import('../../modules/site/client/videos/VideoPreview')),
  form_submissions: lazy(() => import('../../modules/site/client/forms/SubmissionFiles')),
};

/** A record's details (e.g. the sender config preview after a save), with a link to its form. */
export default function ShowScreen({ resource, view }: SchemaScreenProps) {
  const context = useSchemaContext(resource);
  const translate = useTranslate();
  const title = translate(context.module.admin.title);
  const Section = SECTIONS[resource];
  return (
    <ModuleAccess context={context}>
      <RecordHeading module={context.module} params={context.params}>
        {translate(`app.schema.heading.${view}`, { title })}
      </RecordHeading>
      <RecordTabs module={context.module} params={context.params} />
      <RecordDetails context={context} />
      {Section && (
        <Suspense fallback={<LoadingState />}>
          <Section params={context.params} />
        </Suspense>
      )}
    </ModuleAccess>
  );
}
