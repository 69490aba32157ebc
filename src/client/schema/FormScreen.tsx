import { Alert, Box, Button, FormHelperText, Paper, Stack } from '@mui/material';
import { deepEquals, type ErrorSchema } from '@rjsf/utils';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { LinkBase, useCreate, useGetOne, useLocation, useNavigate, useTranslate, useUpdate } from 'react-admin';
import { fillPath, routePath } from '../../common/schema/paths';
import { pickDeclared } from '../../common/schema/errors';
import type { AdminFieldSave, AdminRouteForm, JsonSchema, ModuleSchema } from '../../common/schema/types';
import { buildPath } from '../layout/menu';
import { useToast } from '../notifications';
import type { FileChoice } from '../providers/dataProvider';
import { api, errorMessage, isApiError } from '../providers/http';
import { routesByName } from '../routes';
import { LoadFailure, ModuleAccess, recordOptionsQuery, useSchemaContext, type SchemaContext } from './access';
import { ActionButton, actionOffered } from './actions';
import { RecordHeading, RecordTabs } from './RecordTabs';
import { FileField, untouchedFile } from './FileField';
import { flaggedFields, useFileRules } from './fileRules';
import { serverErrorSchema } from './formSchema';
import { fieldTitleKey } from './registry';
import type { SchemaScreenProps } from './routes';
import { SchemaForm, type FormValues } from './SchemaForm';
import { lockNotice, recordId, storedRecord, type StoredRecord } from './records';
import { useTranslateText } from '../providers/useTranslateText';
import { LoadingState } from '../screens/common/QueryStates';

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

/** Values compared as the server would store them: fields left undefined are no values. */
const sameValues = (a: FormValues, b: FormValues) => deepEquals(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));

/**
 * A record's form. `proposed` is the answer it was read from: for a singleton never saved, the
 * values its module proposes (the WCAG statement's draft), shown, unsaved, until the user saves them.
 */
function RecordForm({ context, record, proposed, shown }: { context: SchemaContext; record: StoredRecord | undefined; proposed?: StoredRecord; shown?: ReadonlySet<string> }) {
  const { module, params } = context;
  const { admin } = module;
  const translate = useTranslate();
  const translateText = useTranslateText();
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [create, creating] = useCreate<StoredRecord, unknown>(undefined, undefined, { mutationMode: 'pessimistic' });
  const [update, updating] = useUpdate<StoredRecord, unknown>(undefined, undefined, { mutationMode: 'pessimistic' });
  const [saved, setSaved] = useState(record);
  // What the form starts from before anything is saved: the route's values and the module's proposal; changes are counted from it.
  const [initial] = useState<FormValues>(() => ({ ...routeValues(module, params), ...valuesOf(module, proposed) }));
  const [values, setValues] = useState<FormValues>(() => (record ? valuesOf(module, record) : initial));
  const [files, setFiles] = useState<Record<string, FileChoice>>({});
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const [fieldMessages, setFieldMessages] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  // A new key remounts the form: it shows exactly the saved values, with no stale errors.
  const [formKey, setFormKey] = useState(0);
  const fileRules = useFileRules(context);
  const unsavedId = useId();
  const editing = Boolean(saved?.id);
  const locked = lockNotice(admin, saved);
  const [fieldSaving, setFieldSaving] = useState(false);
  const saving = creating.isPending || updating.isPending || fieldSaving;
  // A singleton's record lives at the module's own address: it is saved (created or replaced) there.
  const itemId = admin.singleton ? undefined : saved?.id;
  const dirty = !sameValues(values, saved ? valuesOf(module, saved) : initial) || Object.values(files).some((choice) => choice.file || choice.removed);

  /** Shows the record as stored now (after a save, or an action that refilled it), with no stale choices or errors. */
  function showStored(result: StoredRecord) {
    setSaved(result);
    setValues(valuesOf(module, result));
    setFiles({});
    setExtraErrors(undefined);
    setFieldMessages({});
    setFormKey((key) => key + 1);
  }

  const callbacks = {
    onSuccess: async (result: StoredRecord) => {
      showStored(result);
      const message = editing ? admin.messages.updated : admin.messages.created;
      if (message) toast.success(message);
      // Pages titled by a record read its name afresh (a renamed form's tabs and breadcrumbs).
      await Promise.all([queryClient.invalidateQueries({ queryKey: [admin.resource] }), queryClient.invalidateQueries({ queryKey: ['route_title'] })]);
      const next = redirectPath(module, params, result);
      if (next && next !== pathname) navigate(next);
    },
    onError: (error: unknown) => {
      const errors = isApiError(error, 400) ? error.body.errors : undefined;
      // A 409 names the unique key by its message: show it on that key's fields too.
      const unique = isApiError(error, 409) ? admin.unique.find((key) => translate(key.message) === error.body.detail) : undefined;
      const messages = errors ?? (unique ? Object.fromEntries(unique.fields.map((field) => [field, errorMessage(error)])) : {});
      setFieldMessages(messages);
      setExtraErrors(Object.keys(messages).length ? serverErrorSchema(messages) : undefined);
      toast.error(errorMessage(error));
    },
    onSettled: () => setProgress(null),
  };

  /**
   * x-admin.fieldSaves: each shown field the user changed (or left empty: the call says it is
   * required) goes to its own call, with its own toast; a refusal shows under its field.
   */
  async function saveFields(data: FormValues, saves: Record<string, AdminFieldSave>) {
    setFieldSaving(true);
    const messages: Record<string, string> = {};
    const savedNow: FormValues = {};
    for (const [field, save] of Object.entries(saves)) {
      const value = data[field];
      if ((shown && !shown.has(field)) || (value !== undefined && value !== '' && value === saved?.[field])) continue;
      try {
        await api(fillPath(save.path, params), { method: 'PUT', body: { [save.body]: value ?? '' } });
        savedNow[field] = value;
        toast.success(save.message);
      } catch (error) {
        messages[field] = (isApiError(error, 400) ? error.body.errors?.[save.body] : undefined) ?? errorMessage(error);
        toast.error(errorMessage(error));
      }
    }
    setFieldSaving(false);
    setFieldMessages(messages);
    setExtraErrors(Object.keys(messages).length ? serverErrorSchema(messages) : undefined);
    const next = { ...saved, ...savedNow } as StoredRecord;
    setSaved(next);
    setValues({ ...valuesOf(module, next), ...data });
    await queryClient.invalidateQueries({ queryKey: [admin.resource] });
  }

  function submit(data: FormValues) {
    if (admin.fieldSaves) return void saveFields(data, admin.fieldSaves);
    // The route params fill the API path; every file field goes with the user's choice (the dataProvider deletes, then uploads).
    const meta = {
      ...params,
      files: Object.fromEntries(Object.keys(admin.files).map((field) => [field, files[field] ?? untouchedFile])),
      onUploadProgress: setProgress,
    };
    if (itemId === undefined) create(admin.resource, { data, meta }, callbacks);
    else update(admin.resource, { id: itemId, data, previousData: saved, meta }, callbacks);
  }

  const listPath = admin.route.views.list !== undefined && !admin.singleton ? routePath(admin, 'list', params) : null;
  const actions = saved ? admin.actions.filter((action) => action.on !== 'collection' && actionOffered(action, saved)) : [];
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      {locked && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(locked)}
        </Alert>
      )}
      <SchemaForm
        key={formKey}
        module={module}
        shown={shown}
        values={values}
        onChange={(next) => {
          // A change that changes nothing (an editor or a choice settling its value after the answer) keeps the server's messages.
          if (extraErrors && JSON.stringify(next) !== JSON.stringify(values)) setExtraErrors(undefined);
          setValues(next);
        }}
        onSubmit={submit}
        extraErrors={extraErrors}
        editing={editing}
        disabled={saving || locked !== null}
      >
        {(hidden) => (
          <>
            {Object.entries(admin.files)
              .filter(([field]) => !hidden.has(field) && fileRules.shown(field))
              .map(([field, spec]) => {
                const label = translate(fieldTitleKey(module, field));
                const stored = saved?.[`${field}_uri`];
                return (
                  <FileField
                    key={field}
                    label={label}
                    spec={spec}
                    help={fileRules.help(field)}
                    storedUri={typeof stored === 'string' ? stored : null}
                    choice={files[field] ?? untouchedFile}
                    onChange={(choice) => setFiles((current) => ({ ...current, [field]: choice }))}
                    progress={files[field]?.file ? progress : null}
                    error={fieldMessages[field] ? translateText(fieldMessages[field]) : undefined}
                    disabled={saving}
                  />
                );
              })}
            <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" disabled={saving || locked !== null}>
                {translate('ra.action.save')}
              </Button>
              {/* The module's extra calls work on what is stored: none before the first save, and over unsaved changes they wait, saying why. */}
              {actions.map((action) => (
                <ActionButton
                  key={action.name}
                  context={context}
                  action={action}
                  record={saved}
                  disabled={dirty || saving}
                  describedBy={dirty ? unsavedId : undefined}
                  onRecord={(answer) => showStored(answer as StoredRecord)}
                />
              ))}
              {listPath && (
                <Button component={LinkBase} to={listPath} color="secondary">
                  {translate('ra.action.cancel')}
                </Button>
              )}
            </Stack>
            {dirty && actions.length > 0 && (
              <FormHelperText id={unsavedId} sx={{ mt: 1 }}>
                {translate('app.schema.actions_need_save')}
              </FormHelperText>
            )}
          </>
        )}
      </SchemaForm>
    </Paper>
  );
}

/** Loads the record a form edits: the singleton, the route's record, or none for a new one. */
function useEditedRecord({ module, params }: SchemaContext, view: SchemaScreenProps['view']) {
  const { admin } = module;
  const id = recordId(admin.singleton, view === 'edit' ? params[admin.route.param] : undefined);
  return useGetOne<StoredRecord>(admin.resource, { id, meta: params }, { gcTime: 0 });
}

function FormContent({ context, view, page }: { context: SchemaContext; view: SchemaScreenProps['view']; page?: string }) {
  const translate = useTranslate();
  const record = useEditedRecord(context, view);
  const { admin } = context.module;
  const title = translate(admin.title);
  const form = admin.route.forms.find((candidate) => candidate.name === page);
  const heading = form ? translate(form.title) : admin.singleton ? title : translate(`app.schema.heading.${view}`, { title });
  const shown = useShownFields(context, form, view);
  return (
    <Box>
      <RecordHeading module={context.module} params={context.params}>
        {heading}
      </RecordHeading>
      <RecordTabs module={context.module} params={context.params} />
      {shown.isError ? (
        <LoadFailure error={shown.error} />
      ) : record.fetchStatus === 'idle' && record.isPending && !shown.isPending ? (
        <RecordForm context={context} record={undefined} shown={shown.fields} />
      ) : record.isPending || shown.isPending ? (
        <LoadingState />
      ) : record.isError ? (
        <LoadFailure error={record.error} />
      ) : (
        <RecordForm context={context} record={storedRecord(record.data)} proposed={record.data} shown={shown.fields} />
      )}
    </Box>
  );
}

/** The create and edit screens of a schema module (and a singleton's own screen). */
export default function FormScreen({ resource, view, page }: SchemaScreenProps) {
  const context = useSchemaContext(resource);
  return (
    <ModuleAccess context={context}>
      <FormContent context={context} view={view} page={page} />
    </ModuleAccess>
  );
}

/**
 * The fields a form shows (shownFields), less the optional ones of a form page that the record's
 * sub-path does not name (asked first).
 */
function useShownFields(context: SchemaContext, form: AdminRouteForm | undefined, view: SchemaScreenProps['view']) {
  const optional = form?.optional;
  const offered = useQuery({ ...recordOptionsQuery<{ schema?: JsonSchema }>(context.module, context.params, optional?.path ?? ''), enabled: Boolean(optional) });
  // Fields the service lacks (x-flags) keep their values, unseen.
  const rules = useFileRules(context);
  const flagged = flaggedFields(context.module);
  const lacking = rules.pending ? '' : flagged.filter((field) => !rules.fieldShown(field)).join(',');
  const fields = useMemo(() => {
    let all = shownFields(context.module, form, view);
    if (lacking) all = new Set([...(all ?? Object.keys(context.module.schema.properties ?? {}))].filter((field) => !lacking.split(',').includes(field)));
    if (!optional || !all) return all;
    const named = offered.data?.schema?.properties ?? {};
    return new Set([...all].filter((field) => !optional.fields.includes(field) || field in named));
  }, [context.module, form, view, optional, offered.data, lacking]);
  const error = offered.error ?? rules.error;
  return { fields, isPending: (Boolean(optional) && offered.isPending) || rules.pending, isError: Boolean(error), error };
}

/**
 * The fields a form shows: a form page's own, or for the edit and create forms all but those a form
 * page shows, except that a new record is asked every required field (a form's name, edited later on
 * its configuration page); undefined: all.
 */
function shownFields(module: ModuleSchema, form: AdminRouteForm | undefined, view: SchemaScreenProps['view']): ReadonlySet<string> | undefined {
  if (form) return new Set(form.fields);
  const required = new Set(view === 'create' ? (module.schema.required ?? []) : []);
  const elsewhere = new Set(module.admin.route.forms.flatMap((candidate) => candidate.fields).filter((field) => !required.has(field)));
  if (elsewhere.size === 0) return undefined;
  return new Set(Object.keys(module.schema.properties ?? {}).filter((field) => !elsewhere.has(field)));
}

/** A new record's values the route gives (a news item added in a category: its category; a template's new mailing: its template), typed as the properties are. */
function routeValues(module: ModuleSchema, params: Record<string, string>): FormValues {
  const properties = module.schema.properties ?? {};
  return Object.fromEntries(
    Object.entries(params)
      .filter(([name]) => properties[name] && name !== module.admin.route.param)
      .map(([name, value]) => [name, properties[name].type === 'integer' || properties[name].type === 'number' ? Number(value) : value]),
  );
}
