import { Autocomplete, Button, Dialog, DialogContent, DialogTitle, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { referenceOf } from '../../common/schema/registry';
import { apiPaths } from '../../common/schema/paths';
import type { AdminBulkAction } from '../../common/schema/types';
import { useConfirm, useToast } from '../notifications';
import { api, errorMessage, isApiError } from '../providers/http';
import { useTranslateText } from '../providers/useTranslateText';
import type { SchemaContext } from './access';
import { useRecordChoices } from './OptionsFilter';
import { fieldTitleKey } from './registry';
import { FormDialogActions } from '../ui/FormDialogActions';

type RecordId = number | string;

/** Runs a bulk action's call for the selected records; on success the list is read again and the selection cleared. */
function useBulkMutation(context: SchemaContext, entry: AdminBulkAction, onDone: () => void, onFieldErrors?: (errors: Record<string, string>) => void) {
  const { admin } = context.module;
  const toast = useToast();
  const queryClient = useQueryClient();
  const path = `${apiPaths(admin, context.params).collection}/bulk/${entry.action === 'delete' ? 'delete' : `add/${entry.field}`}`;
  return useMutation({
    mutationFn: (body: { ids: RecordId[]; values?: unknown[] }) => api<{ count: number }>(path, { method: 'POST', body }),
    onSuccess: ({ count }) => {
      toast.success(entry.message, { messageArgs: { smart_count: count } });
      onDone();
    },
    onError: (error) => {
      if (onFieldErrors && isApiError(error, 400) && error.body.errors) onFieldErrors(error.body.errors);
      toast.error(errorMessage(error));
    },
    // The list shows what the server holds now, whatever the answer.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [admin.resource] }),
  });
}

/** The values to add to the selected records' array field: the referenced module's records (tags by name), or free text. */
function BulkAddDialog({ context, entry, ids, onClose, onDone }: { context: SchemaContext; entry: AdminBulkAction; ids: RecordId[]; onClose(): void; onDone(): void }) {
  const { module, params } = context;
  const field = entry.field!;
  const translate = useTranslate();
  const translateText = useTranslateText();
  const titleId = useId();
  const [values, setValues] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reference = referenceOf(module.admin.resource, field, module.schema.properties![field]);
  // The values are another module's records named by a field (tags by their name), offered as the user types; otherwise typed freely.
  // The choices hook runs either way (hooks are unconditional) and asks the server only once its list opens.
  const byName = reference && reference.field !== 'id' ? reference : undefined;
  const choices = useRecordChoices(byName?.resource ?? module.admin.resource, params, { sort: { field: byName?.field ?? 'id', order: 'ASC' } });
  const names = byName ? (choices.records.data ?? []).map((record) => String(record[byName.field])) : [];
  const run = useBulkMutation(
    context,
    entry,
    () => {
      onClose();
      onDone();
    },
    setErrors,
  );
  const fieldError = Object.entries(errors).find(([key]) => key === field || key.startsWith(`${field}.`))?.[1];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run.mutate({ ids, values });
  };
  const action = translate(entry.label);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{translate('app.schema.bulk.add_title', { action, smart_count: ids.length })}</DialogTitle>
        <DialogContent>
          <Autocomplete
            multiple
            freeSolo={!byName}
            options={names}
            value={values}
            open={byName ? choices.open : undefined}
            onOpen={byName ? () => choices.setOpen(true) : undefined}
            onClose={byName ? () => choices.setOpen(false) : undefined}
            loading={choices.records.isFetching}
            filterOptions={byName ? (shown) => shown : undefined}
            onChange={(_event, next) => setValues(next)}
            inputValue={byName ? choices.typed : undefined}
            onInputChange={byName ? (_event, next) => choices.setTyped(next) : undefined}
            sx={{ pt: 1 }}
            renderInput={(input) => (
              <TextField {...input} label={translate(fieldTitleKey(module, field))} error={Boolean(fieldError)} helperText={fieldError ? translateText(fieldError) : undefined} autoFocus />
            )}
          />
        </DialogContent>
        <FormDialogActions onCancel={onClose} submitLabel={action} pending={run.isPending} />
      </form>
    </Dialog>
  );
}

function BulkButton({ context, entry, ids, onDone }: { context: SchemaContext; entry: AdminBulkAction; ids: RecordId[]; onDone(): void }) {
  const translate = useTranslate();
  const confirm = useConfirm();
  const [adding, setAdding] = useState(false);
  const run = useBulkMutation(context, entry, onDone);
  const label = translate(entry.label);
  async function click() {
    if (entry.confirm && !(await confirm({ title: translate(entry.confirm, { smart_count: ids.length }), confirmText: label }))) return;
    if (entry.action === 'add') setAdding(true);
    else run.mutate({ ids });
  }
  return (
    <>
      <Button variant="outlined" color={entry.action === 'delete' ? 'error' : 'primary'} loading={run.isPending} onClick={() => void click()}>
        {label}
      </Button>
      {adding && <BulkAddDialog context={context} entry={entry} ids={ids} onClose={() => setAdding(false)} onDone={onDone} />}
    </>
  );
}

/**
 * x-admin.list.bulk: while records are selected on the list, a toolbar with how many and the
 * actions on all of them (one call each), and a button clearing the selection.
 */
export function BulkToolbar({ context, selectedIds, onClear }: { context: SchemaContext; selectedIds: RecordId[]; onClear(): void }) {
  const translate = useTranslate();
  const entries = context.module.admin.list.bulk ?? [];
  if (entries.length === 0 || selectedIds.length === 0) return null;
  return (
    <Paper
      role="toolbar"
      aria-label={translate('app.schema.bulk.toolbar')}
      variant="outlined"
      sx={{ mb: 2, p: 1, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}
    >
      <Typography role="status" sx={{ px: 1 }}>
        {translate('app.schema.bulk.selected', { smart_count: selectedIds.length })}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {entries.map((entry) => (
          <BulkButton key={`${entry.action}:${entry.field ?? ''}`} context={context} entry={entry} ids={selectedIds} onDone={onClear} />
        ))}
        <Button onClick={onClear}>{translate('app.schema.bulk.clear')}</Button>
      </Stack>
    </Paper>
  );
}
