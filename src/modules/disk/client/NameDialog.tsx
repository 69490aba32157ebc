import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useToast } from '../../../client/notifications';
import { errorMessage, isApiError } from '../../../client/providers/http';
import { useTranslateText } from '../../../client/providers/useTranslateText';
import { nameProblem } from '../common/names';

export interface NameFormProps {
  label: string;
  initial?: string;
  submitLabel: string;
  /** Saves the (trimmed) name; rejects with the server's error. */
  save(name: string): Promise<unknown>;
  onSaved(): void;
  onCancel(): void;
  /** Rendered as a dialog's content and actions when set, as a plain form otherwise. */
  dialogTitle?: string;
  open?: boolean;
}

/** A name field under SPEC 5's rule (checked here and again by the server), with the server's field message when it refuses. */
export function NameForm({ label, initial = '', submitLabel, save, onSaved, onCancel, dialogTitle, open = true }: NameFormProps) {
  const translate = useTranslate();
  const translateText = useTranslateText();
  const toast = useToast();
  const fieldId = useId();
  const titleId = useId();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const saving = useMutation({
    mutationFn: save,
    onSuccess: onSaved,
    onError: (failure) => {
      const fieldMessage = isApiError(failure, 400) ? failure.body.errors?.name : undefined;
      setError(fieldMessage ?? errorMessage(failure));
      toast.error(errorMessage(failure));
    },
  });

  function submit() {
    const problem = nameProblem(name);
    if (problem) {
      setError(problem);
      toast.error('validation.form_invalid');
      return;
    }
    saving.mutate(name.trim());
  }

  const field = (
    <TextField
      id={fieldId}
      label={label}
      value={name}
      onChange={(event) => {
        setName(event.target.value);
        setError(null);
      }}
      required
      fullWidth
      autoFocus
      error={Boolean(error)}
      helperText={error ? translateText(error) : undefined}
      sx={{ mt: 1 }}
    />
  );
  const actions = (
    <>
      <Button onClick={onCancel} color="secondary">
        {translate('ra.action.cancel')}
      </Button>
      <Button type="submit" variant="contained" disabled={saving.isPending}>
        {submitLabel}
      </Button>
    </>
  );
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    submit();
  };

  if (dialogTitle === undefined) {
    return (
      <form noValidate onSubmit={onSubmit}>
        {field}
        <DialogActions sx={{ px: 0, mt: 2, justifyContent: 'flex-start', gap: 1 }}>{actions}</DialogActions>
      </form>
    );
  }
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{dialogTitle}</DialogTitle>
        <DialogContent>{field}</DialogContent>
        <DialogActions>{actions}</DialogActions>
      </form>
    </Dialog>
  );
}
