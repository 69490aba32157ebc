import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { ErrorSchema } from '@rjsf/utils';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LinkBase, useLocation, useNavigate, useTranslate } from 'react-admin';
import { routePath } from '../../common/schema/paths';
import { pickDeclared } from '../../common/schema/errors';
import type { ModuleSchema } from '../../common/schema/types';
import { buildPath } from '../layout/menu';
import { useToast } from '../notifications';
import { api, errorMessage, isApiError } from '../providers/http';
import { routesByName } from '../routes';
import { LoadFailure, Loading, ModuleAccess, useSchemaContext, type SchemaContext } from './access';
import { FileField, untouchedFile, type FileChoice } from './FileField';
import { serverErrorSchema } from './formSchema';
import { recordsQueryKey } from './ListScreen';
import { fieldTitleKey } from './registry';
import type { SchemaScreenProps } from './routes';
import { SchemaForm, type FormValues } from './SchemaForm';
import { upload, type StoredRecord } from './save';
import { messageText } from './values';

/** Where x-admin sends the user after a save (SPEC 4), or null to stay. */
export function redirectPath(module: ModuleSchema, params: Record<string, string>, saved: StoredRecord): string | null {
  const { admin } = module;
  // The route's own params win: the saved record's id only fills a param the current route lacks.
  const target = { ...(saved.id === undefined ? {} : { [admin.route.param]: String(saved.id) }), ...params };
  if (admin.redirect.view) return admin.route.views[admin.redirect.view] === undefined ? null : routePath(admin, admin.redirect.view, target);
  const route = admin.redirect.route ? routesByName.get(admin.redirect.route) : undefined;
  return route ? buildPath(route.path, target) : null;
}

const valuesOf = (module: ModuleSchema, record: StoredRecord | undefined): FormValues => (record ? pickDeclared(module.schema, record) : {});

function RecordForm({ context, record }: { context: SchemaContext; record: StoredRecord | undefined }) {
  const { module, params, paths } = context;
  const { admin } = module;
  const translate = useTranslate();
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(record);
  const [values, setValues] = useState<FormValues>(() => valuesOf(module, record));
  const [files, setFiles] = useState<Record<string, FileChoice>>({});
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const [fieldMessages, setFieldMessages] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  // A new key remounts the form: it shows exactly the saved values, with no stale errors.
  const [formKey, setFormKey] = useState(0);
  const editing = Boolean(saved?.id);

  const save = useMutation({
    mutationFn: (data: FormValues) => upload({ module, paths, record: saved, values: data, files, onProgress: setProgress }),
    onSuccess: async (result) => {
      setSaved(result);
      setValues(valuesOf(module, result));
      setFiles({});
      setExtraErrors(undefined);
      setFieldMessages({});
      setFormKey((key) => key + 1);
      const message = editing ? admin.messages.updated : admin.messages.created;
      if (message) toast.success(message);
      await queryClient.invalidateQueries({ queryKey: recordsQueryKey(admin.resource) });
      const next = redirectPath(module, params, result);
      if (next && next !== pathname) navigate(next);
    },
    onError: (error) => {
      const errors = isApiError(error, 400) ? error.body.errors : undefined;
      // A 409 names the unique key by its message: show it on that key's fields too.
      const unique = isApiError(error, 409) ? admin.unique.find((key) => translate(key.message) === error.body.detail) : undefined;
      const messages = errors ?? (unique ? Object.fromEntries(unique.fields.map((field) => [field, errorMessage(error)])) : {});
      setFieldMessages(messages);
      setExtraErrors(Object.keys(messages).length ? serverErrorSchema(messages) : undefined);
      toast.error(errorMessage(error));
    },
    onSettled: () => setProgress(null),
  });

  const listPath = admin.route.views.list !== undefined && !admin.singleton ? routePath(admin, 'list', params) : null;
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <SchemaForm
        key={formKey}
        module={module}
        values={values}
        onChange={(next) => {
          setValues(next);
          if (extraErrors) setExtraErrors(undefined);
        }}
        onSubmit={(data) => save.mutate(data)}
        extraErrors={extraErrors}
        editing={editing}
        disabled={save.isPending}
      >
        {Object.entries(admin.files).map(([field, spec]) => {
          const label = translate(fieldTitleKey(module, field));
          const stored = saved?.[`${field}_uri`];
          return (
            <FileField
              key={field}
              label={label}
              spec={spec}
              storedUri={typeof stored === 'string' ? stored : null}
              choice={files[field] ?? untouchedFile}
              onChange={(choice) => setFiles((current) => ({ ...current, [field]: choice }))}
              progress={files[field]?.file ? progress : null}
              error={fieldMessages[field] ? messageText(fieldMessages[field], translate) : undefined}
              disabled={save.isPending}
            />
          );
        })}
        <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {translate('ra.action.save')}
          </Button>
          {listPath && (
            <Button component={LinkBase} to={listPath} color="secondary">
              {translate('ra.action.cancel')}
            </Button>
          )}
        </Stack>
      </SchemaForm>
    </Paper>
  );
}

/** Loads the record a form edits: the singleton, the route's record, or none for a new one. */
function useEditedRecord({ module, params, paths }: SchemaContext, view: SchemaScreenProps['view']) {
  const id = module.admin.singleton || view !== 'edit' ? undefined : params[module.admin.route.param];
  const path = module.admin.singleton ? paths.read : id === undefined ? null : paths.item(id);
  return useQuery({
    queryKey: [...recordsQueryKey(module.admin.resource), 'record', path],
    queryFn: ({ signal }) => api<StoredRecord>(path!, { signal }),
    enabled: path !== null,
    gcTime: 0,
  });
}

function FormContent({ context, view }: { context: SchemaContext; view: SchemaScreenProps['view'] }) {
  const translate = useTranslate();
  const record = useEditedRecord(context, view);
  const { admin } = context.module;
  const title = translate(admin.title);
  const heading = admin.singleton ? title : translate(`app.schema.heading.${view}`, { title });
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {heading}
      </Typography>
      {record.fetchStatus === 'idle' && record.isPending ? (
        <RecordForm context={context} record={undefined} />
      ) : record.isPending ? (
        <Loading />
      ) : record.isError ? (
        <LoadFailure error={record.error} />
      ) : (
        <RecordForm context={context} record={record.data && Object.keys(record.data).length ? record.data : undefined} />
      )}
    </Box>
  );
}

/** The create and edit screens of a schema module (and a singleton's own screen). */
export default function FormScreen({ resource, view }: SchemaScreenProps) {
  const context = useSchemaContext(resource);
  return (
    <ModuleAccess context={context}>
      <FormContent context={context} view={view} />
    </ModuleAccess>
  );
}
