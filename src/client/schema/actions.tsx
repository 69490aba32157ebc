import {
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useDataProvider, useNavigate, useTranslate } from 'react-admin';
import { routePath } from '../../common/schema/paths';
import type { AdminAction, JsonSchema } from '../../common/schema/types';
import { useConfirm, useToast } from '../notifications';
import type { PanelDataProvider } from '../providers/dataProvider';
import { downloadFrom } from '../providers/download';
import { errorMessage, isApiError } from '../providers/http';
import { useTranslateText } from '../providers/useTranslateText';
import type { SchemaContext } from './access';
import { FormDialogActions } from '../ui/FormDialogActions';

type Values = Record<string, unknown>;
type Value = string | boolean;

/** What a toggle sends now: the other of its two values than the record holds. */
export function nextToggleValue(action: AdminAction, record: Values | undefined): Value | undefined {
  if (!action.toggle) return undefined;
  const [first, second] = action.toggle.values;
  return record?.[action.toggle.field] === first ? second : first;
}

/** Whether the action can run on the record as it is (its `when`); without a record (a collection's action) it can. */
export function actionOffered(action: AdminAction, record: Values | undefined): boolean {
  return !action.when || !record || Object.entries(action.when).every(([field, values]) => values.includes(record[field] as string | number | boolean));
}

/** The body an action makes from its record (fromRecord: activating a template sends {template_id}). */
const bodyFromRecord = (action: AdminAction, record: Values | undefined): Values | undefined =>
  action.fromRecord && record ? Object.fromEntries(Object.entries(action.fromRecord).map(([bodyField, field]) => [bodyField, record[field]])) : undefined;

/** A catalogue key of the action, picked by the value a toggle sends or the status answered. */
const byValue = (keys: Record<string, string> | undefined, fallback: string, value: Value | undefined) =>
  value === undefined ? fallback : (keys?.[String(value)] ?? fallback);

interface ActionRun {
  /** The record the action acts on (undefined for a singleton's or a collection's action). */
  record?: Values & { id?: string | number };
  body?: Values;
}

/**
 * Runs an x-admin action through the dataProvider: asks first when the action says so, shows the
 * SPEC 8 toast of the outcome, refreshes the module's queries, and opens the record it made when the
 * action says so (a template's copy: its edit screen, SPEC 4), or hands the record it left to
 * `onRecord` (a form then shows it). Field errors of a 400 are returned to the caller (a body dialog
 * shows them); other failures are toasts.
 */
function useActionMutation(context: SchemaContext, action: AdminAction, onFieldErrors?: (errors: Record<string, string>) => void, onRecord?: (record: Values) => void) {
  const { module, params } = context;
  const toast = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<PanelDataProvider>();
  return useMutation({
    mutationFn: ({ record, body }: ActionRun) =>
      dataProvider.action(module.admin.resource, {
        name: action.name,
        method: action.method,
        id: module.admin.singleton || action.on === 'collection' ? undefined : record?.id,
        body,
        meta: params,
      }),
    onSuccess: (result, { body }) => {
      const url = (result.data as { url?: unknown } | undefined)?.url;
      if (action.download && typeof url === 'string') downloadFrom(url);
      const outcome = action.toggle ? body?.[action.toggle.field] : (result.data as { status?: unknown } | undefined)?.status;
      toast.success(byValue(action.messages, action.message, outcome as Value | undefined), { description: action.description });
      const made = (result.data as { id?: unknown } | undefined)?.id;
      if (action.replaces && onRecord && result.data && typeof result.data === 'object') onRecord(result.data as Values);
      if (action.opens && made !== undefined) navigate(routePath(module.admin, action.opens, { ...params, [module.admin.route.param]: String(made) }));
      // What flags decide (pages, tabs, fields) is asked again too: an action may change them (activating a template).
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [module.admin.resource] }),
        queryClient.invalidateQueries({ predicate: (query) => query.queryKey[1] === 'shown' || query.queryKey[1] === 'options' }),
      ]);
    },
    onError: (error) => {
      const fields = isApiError(error, 400) ? error.body.errors : undefined;
      if (fields && onFieldErrors) onFieldErrors(fields);
      toast.error(errorMessage(error));
    },
  });
}

/** A field of an action's body: a switch for a boolean, a choice for an enum, otherwise a text. */
function BodyField({ name, property, value, error, onChange }: { name: string; property: JsonSchema; value: unknown; error?: string; onChange(value: unknown): void }) {
  const translate = useTranslate();
  const translateText = useTranslateText();
  const label = typeof property.title === 'string' ? translate(property.title) : name;
  if (property.type === 'boolean') {
    return <FormControlLabel control={<Switch checked={value === true} onChange={(event) => onChange(event.target.checked)} />} label={label} />;
  }
  const options = Array.isArray(property.enum) ? (property.enum as (string | number)[]) : null;
  return (
    <TextField
      select={Boolean(options)}
      label={label}
      value={value ?? ''}
      type={property.type === 'integer' || property.type === 'number' ? 'number' : property.format === 'email' ? 'email' : 'text'}
      onChange={(event) => onChange(property.type === 'integer' || property.type === 'number' ? Number(event.target.value) : event.target.value)}
      error={Boolean(error)}
      helperText={error ? translateText(error) : undefined}
      fullWidth
    >
      {options?.map((option) => (
        <MenuItem key={String(option)} value={option}>
          {String(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The dialog of an action that needs values from the user (a copy's name, a test address). */
function ActionDialog({ context, action, record, onClose, onRecord }: { context: SchemaContext; action: AdminAction; record?: ActionRun['record']; onClose(): void; onRecord?: (record: Values) => void }) {
  const translate = useTranslate();
  const titleId = useId();
  const properties = action.body?.properties ?? {};
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, record?.[name] ?? property.default ?? (property.type === 'boolean' ? false : '')])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const run = useActionMutation(context, action, setErrors, onRecord);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run.mutate({ record, body: values }, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{translate(action.label)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {Object.entries(properties).map(([name, property]) => (
              <BodyField
                key={name}
                name={name}
                property={property}
                value={values[name]}
                error={errors[name]}
                onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
              />
            ))}
          </Stack>
        </DialogContent>
        <FormDialogActions onCancel={onClose} submitLabel={translate(action.label)} pending={run.isPending} />
      </form>
    </Dialog>
  );
}

/**
 * An x-admin action as a button. A toggle sends the opposite of the record's state and is labelled
 * by what it will do; an action with other body fields opens a dialog for them; any other action is
 * sent at once (after the confirmation, when the action asks for one).
 */
export function ActionButton({
  context,
  action,
  record,
  disabled = false,
  describedBy,
  size = 'medium',
  onRecord,
}: {
  context: SchemaContext;
  action: AdminAction;
  record?: ActionRun['record'];
  disabled?: boolean;
  /** The id of a text saying why the button is disabled. */
  describedBy?: string;
  size?: 'small' | 'medium';
  /** Takes the record an action that `replaces` answers. */
  onRecord?: (record: Values) => void;
}) {
  const translate = useTranslate();
  const confirm = useConfirm();
  const [dialogOpen, setDialogOpen] = useState(false);
  const run = useActionMutation(context, action, undefined, onRecord);
  const next = nextToggleValue(action, record);
  const label = translate(byValue(action.labels, action.label, next), { label: String(record?.[context.module.admin.list.label] ?? '') });
  const needsDialog = !action.toggle && Object.keys(action.body?.properties ?? {}).length > 0;
  // An action the record's state does not allow is not offered at all (a sent mailing cannot start).
  if (!actionOffered(action, record)) return null;

  async function click() {
    if (action.confirm) {
      const confirmed = await confirm({ title: translate(action.confirm, { label: String(record?.[context.module.admin.list.label] ?? '') }), confirmText: label });
      if (!confirmed) return;
    }
    if (needsDialog) setDialogOpen(true);
    else run.mutate({ record, body: action.toggle ? { [action.toggle.field]: next } : bodyFromRecord(action, record) });
  }

  return (
    <>
      <Button variant="outlined" size={size} disabled={disabled} aria-describedby={describedBy} loading={run.isPending} onClick={() => void click()}>
        {label}
      </Button>
      {dialogOpen && <ActionDialog context={context} action={action} record={record} onClose={() => setDialogOpen(false)} onRecord={onRecord} />}
    </>
  );
}
