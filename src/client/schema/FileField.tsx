import { Box, Button, FormControl, FormHelperText, FormLabel, LinearProgress, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { AdminFile } from '../../common/schema/types';
import type { FileChoice } from '../providers/dataProvider';
import { FileChooser } from '../ui/FileChooser';

export const untouchedFile: FileChoice = { file: null, removed: false };

/** Why a chosen file cannot be sent (catalogue key), before the server says the same. */
export function fileProblem(file: File, spec: AdminFile): string | null {
  if (!spec.accept.includes(file.type)) return 'errors.unsupported_media_type';
  if (file.size > spec.maxBytes) return 'errors.too_large';
  return null;
}

interface FileFieldProps {
  label: string;
  spec: AdminFile;
  /** The stored file's address, if any. */
  storedUri: string | null;
  choice: FileChoice;
  onChange(choice: FileChoice): void;
  /** A text under the field (the template's required size of a photo). */
  help?: string;
  /** Upload progress 0..1 while sending. */
  progress: number | null;
  error?: string;
  disabled?: boolean;
}

/** A file field of x-admin (sent as multipart): the stored or chosen image previewed, remove and replace. */
export function FileField({ label, spec, help, storedUri, choice, onChange, progress, error, disabled }: FileFieldProps) {
  const translate = useTranslate();
  const id = useId();
  const [localProblem, setLocalProblem] = useState<string | null>(null);
  const [chosenUrl, setChosenUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!choice.file) return setChosenUrl(null);
    const url = URL.createObjectURL(choice.file);
    setChosenUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [choice.file]);

  const previewUrl = chosenUrl ?? (choice.removed ? null : storedUri);
  const message = localProblem ? translate(localProblem) : error;
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const describedBy = [help ? helpId : null, message ? errorId : null].filter(Boolean).join(' ') || undefined;
  const isImage = spec.accept.every((type) => type.startsWith('image/'));

  return (
    <FormControl error={Boolean(message)} sx={{ mt: 2, display: 'block' }}>
      <FormLabel htmlFor={id}>{label}</FormLabel>
      {previewUrl && isImage && (
        <Box component="img" src={previewUrl} alt={translate('app.schema.file_preview', { field: label })} sx={{ display: 'block', maxWidth: 240, maxHeight: 160, my: 1, objectFit: 'contain' }} />
      )}
      {choice.file && <Typography variant="body2">{choice.file.name}</Typography>}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
        <FileChooser
          id={id}
          text={translate('app.schema.file_choose')}
          accept={spec.accept.join(',')}
          disabled={disabled}
          aria-invalid={Boolean(message)}
          aria-describedby={describedBy}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            const problem = file ? fileProblem(file, spec) : null;
            setLocalProblem(problem);
            if (!problem && file) onChange({ file, removed: choice.removed });
            event.target.value = '';
          }}
        />
        {previewUrl && (
          <Button variant="outlined" color="secondary" disabled={disabled} onClick={() => onChange({ file: null, removed: true })}>
            {translate('app.schema.file_remove', { field: label })}
          </Button>
        )}
      </Box>
      {progress !== null && (
        <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={translate('app.schema.file_progress', { field: label })} sx={{ mt: 1 }} />
      )}
      {help && (
        <FormHelperText id={helpId} error={false}>
          {help}
        </FormHelperText>
      )}
      {message && <FormHelperText id={errorId}>{message}</FormHelperText>}
    </FormControl>
  );
}
