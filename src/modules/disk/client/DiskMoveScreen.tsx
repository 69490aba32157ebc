import FolderIcon from '@mui/icons-material/Folder';
import { Box, Button, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate, useTranslate } from 'react-admin';
import { useToast } from '../../../client/notifications';
import { api, errorMessage } from '../../../client/providers/http';
import { useTranslateText } from '../../../client/providers/useTranslateText';
import { ErrorState, LoadingState } from '../../../client/screens/common/QueryStates';
import { diskCalls, diskKey, type DiskDirectory, type DiskEntryDetails } from './diskApi';
import { EntryPage } from './EntryPage';

/** dysk/:folder_id/edytuj/:file_id/przenies: the folder picker (GET .../directories) and PUT .../files/{id}/move. */
export default function DiskMoveScreen() {
  const translate = useTranslate();
  return <EntryPage title={translate('resources.disk.move.title')}>{({ serviceId, entry, backTo }) => <MoveForm serviceId={serviceId} entry={entry} backTo={backTo} />}</EntryPage>;
}

/** The folders as a tree in reading order: each after its parent, indented by its depth. */
function treeOrder(folders: DiskDirectory[]): { folder: DiskDirectory; depth: number }[] {
  const children = new Map<number | null, DiskDirectory[]>();
  for (const folder of folders) children.set(folder.parent_directory, [...(children.get(folder.parent_directory) ?? []), folder]);
  const ordered: { folder: DiskDirectory; depth: number }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const folder of children.get(parent) ?? []) {
      ordered.push({ folder, depth });
      walk(folder.id, depth + 1);
    }
  };
  walk(null, 0);
  return ordered;
}

function MoveForm({ serviceId, entry, backTo }: { serviceId: string; entry: DiskEntryDetails; backTo: string }) {
  const translate = useTranslate();
  const translateText = useTranslateText();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const labelId = useId();
  const errorId = useId();
  const [target, setTarget] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const move = useMutation({
    mutationFn: (targetId: number) => api(`${diskCalls.entry(serviceId, entry.id)}/move`, { method: 'PUT', body: { target_directory_id: targetId } }),
    onSuccess: async () => {
      toast.success('resources.disk.messages.moved');
      await queryClient.invalidateQueries({ queryKey: diskKey(serviceId) });
      navigate(backTo);
    },
    onError: (failure) => {
      setError(errorMessage(failure));
      toast.error(errorMessage(failure));
    },
  });
  const directories = useQuery({
    queryKey: [...diskKey(serviceId), 'directories', entry.id],
    queryFn: ({ signal }) => api<{ data: DiskDirectory[] }>(`${diskCalls.entry(serviceId, entry.id)}/directories`, { signal }),
  });

  if (directories.isPending) return <LoadingState />;
  if (directories.isError) return <ErrorState error={directories.error} />;

  function submit() {
    if (target === null) {
      setError('resources.disk.validation.target_required');
      toast.error('validation.form_invalid');
      return;
    }
    move.mutate(target);
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormControl error={Boolean(error)} required>
        <FormLabel id={labelId}>{translate('resources.disk.move.intro', { name: entry.name })}</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          aria-describedby={error ? errorId : undefined}
          name="target_directory_id"
          value={target === null ? '' : String(target)}
          onChange={(event) => {
            setTarget(Number(event.target.value));
            setError(null);
          }}
        >
          {treeOrder(directories.data.data).map(({ folder, depth }) => (
            <FormControlLabel
              key={folder.id}
              value={String(folder.id)}
              disabled={!folder.allowed}
              control={<Radio />}
              sx={{ pl: depth * 3 }}
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                  <FolderIcon fontSize="small" color={folder.allowed ? 'primary' : 'disabled'} aria-hidden />
                  {folder.id === entry.parent_directory ? translate('resources.disk.move.current', { name: folder.name }) : folder.name}
                </Box>
              }
            />
          ))}
        </RadioGroup>
        {error && <FormHelperText id={errorId}>{translateText(error)}</FormHelperText>}
      </FormControl>
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={move.isPending}>
          {translate('resources.disk.actions.move_submit')}
        </Button>
      </Box>
    </form>
  );
}
