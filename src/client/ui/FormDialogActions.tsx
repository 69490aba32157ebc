import { Button, DialogActions } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A form dialog's buttons: cancel, and the submit button named by what it does, busy while it runs. */
export function FormDialogActions({ onCancel, submitLabel, pending }: { onCancel(): void; submitLabel: string; pending: boolean }) {
  const translate = useTranslate();
  return (
    <DialogActions>
      <Button onClick={onCancel} color="secondary">
        {translate('ra.action.cancel')}
      </Button>
      <Button type="submit" variant="contained" loading={pending}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
