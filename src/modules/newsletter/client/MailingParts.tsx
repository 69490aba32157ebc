import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ActionButton, actionOffered } from '../../../client/schema/actions';
import { LabelledProgress } from '../../../client/ui/LabelledProgress';
import { type MailingProgress, type MailingStatus, mailingsModule } from './mailingsApi';

/** The lifecycle buttons a mailing offers in its status (the schema's `when`; each asks for confirmation first). */
export function MailingActions({ serviceId, mailing }: { serviceId: string; mailing: { id: number; subject: string; status: MailingStatus } }) {
  const module = mailingsModule();
  const actions = module.admin.actions.filter((action) => actionOffered(action, mailing));
  if (actions.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {actions.map((action) => (
        <ActionButton key={action.name} context={{ module, params: { service_id: serviceId } }} action={action} record={mailing} size="small" />
      ))}
    </Stack>
  );
}

export function statusText(translate: (key: string) => string, status: MailingStatus, reason: string | null): string {
  const label = translate(`resources.mailings.statuses.${status}`);
  return reason ? `${label}: ${translate(`resources.mailings.reasons.${reason}`)}` : label;
}

/** The progress bar of a mailing: messages sent, failed or skipped of all its deliveries, with the counts in words. */
export function MailingProgressBar({ progress }: { progress: MailingProgress }) {
  const translate = useTranslate();
  const { total, sent, failed, skipped } = progress.counts;
  const percent = total ? Math.round(((sent + failed + skipped) / total) * 100) : progress.status === 'sent' ? 100 : 0;
  return (
    <LabelledProgress
      label={translate('resources.mailings.progress.label')}
      summary={translate('resources.mailings.progress.summary', { smart_count: total, sent, failed })}
      percent={percent}
      failed={progress.status === 'failed'}
      sx={{ height: 8, borderRadius: 1 }}
    >
      {skipped > 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.mailings.progress.skipped', { skipped })}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {translate('resources.mailings.progress.events', progress.events)}
      </Typography>
    </LabelledProgress>
  );
}
