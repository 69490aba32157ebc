import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useTranslate } from 'react-admin';
import { useToast } from '../../../client/notifications';
import { api } from '../../../client/providers/http';
import { diskCalls, diskKey } from './diskApi';
import { EntryPage } from './EntryPage';
import { NameForm } from './NameDialog';

/** dysk/:folder_id/edytuj/:file_id: the entry's new name (PUT .../files/{id}/name), then back to the folder. */
export default function DiskRenameScreen() {
  const translate = useTranslate();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <EntryPage title={translate('resources.disk.rename.title')}>
      {({ serviceId, entry, backTo }) => (
        <NameForm
          label={translate('resources.disk.rename.name')}
          initial={entry.name}
          submitLabel={translate('ra.action.save')}
          save={(name) => api(`${diskCalls.entry(serviceId, entry.id)}/name`, { method: 'PUT', body: { name } })}
          onSaved={() => {
            toast.success('resources.disk.messages.renamed');
            void queryClient.invalidateQueries({ queryKey: diskKey(serviceId) });
            void queryClient.invalidateQueries({ queryKey: ['route_title'] });
            navigate(backTo);
          }}
          onCancel={() => navigate(backTo)}
        />
      )}
    </EntryPage>
  );
}
