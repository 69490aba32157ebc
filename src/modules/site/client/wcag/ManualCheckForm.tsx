import { Box, Button, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ManualCheck } from '../../common/wcag/scoring';
import { errorMessage } from '../../../../client/providers/http';
import { useTranslateText } from '../../../../client/providers/useTranslateText';
import { useToast } from '../../../../client/notifications';
import { formatMoment } from '../../../../common/panel-time';
import { wcagApi } from './wcagApi';

/** A person's check of a criterion: met or not, with a note; removing it gives the rules' verdict back. */
export function ManualCheckForm({ serviceId, criterionId, check }: { serviceId: string; criterionId: string; check: ManualCheck | null }) {
  const translate = useTranslate();
  const toast = useToast();
  const message = useTranslateText();
  const client = useQueryClient();
  const labelId = useId();
  const [status, setStatus] = useState<string>(check?.status ?? '');
  const [note, setNote] = useState(check?.note ?? '');
  const done = (key: string) => () => {
    toast.success(key);
    void client.invalidateQueries({ queryKey: ['wcag', serviceId] });
  };
  const save = useMutation({ mutationFn: () => wcagApi.check(serviceId, criterionId, { status, note }), onSuccess: done('app.wcag.criterion.checked') });
  const remove = useMutation({ mutationFn: () => wcagApi.uncheck(serviceId, criterionId), onSuccess: done('app.wcag.criterion.unchecked'), onError: (error) => toast.error(message(errorMessage(error))) });
  const errors = (save.error as { body?: { errors?: Record<string, string> } } | null)?.body?.errors ?? {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ mt: 2 }}>
      <FormLabel id={labelId}>{translate('app.wcag.criterion.check')}</FormLabel>
      <RadioGroup row aria-labelledby={labelId} value={status} onChange={(event) => setStatus(event.target.value)}>
        <FormControlLabel value="passed" control={<Radio />} label={translate('app.wcag.criterion.met')} />
        <FormControlLabel value="failed" control={<Radio />} label={translate('app.wcag.criterion.not_met')} />
      </RadioGroup>
      {errors.status ? (
        <Typography color="error" variant="body2" role="alert">
          {errors.status}
        </Typography>
      ) : null}
      <TextField label={translate('app.wcag.criterion.note')} value={note} onChange={(event) => setNote(event.target.value)} multiline minRows={2} fullWidth error={Boolean(errors.note)} helperText={errors.note} sx={{ my: 1 }} />
      {check ? <Typography variant="body2" color="text.secondary">{translate('app.wcag.criterion.checked_by', { user: check.checked_by ?? '—', at: formatMoment(String(check.checked_at)) })}</Typography> : null}
      <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {translate('app.wcag.criterion.save_check')}
        </Button>
        {check ? (
          <Button variant="outlined" onClick={() => remove.mutate()} disabled={remove.isPending}>
            {translate('app.wcag.criterion.remove_check')}
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
