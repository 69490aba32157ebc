import { Box } from '@mui/material';
import type { InputHTMLAttributes } from 'react';
import { visuallyHidden } from './visuallyHidden';

// The label that opens the file dialog, drawn as an outlined button; the outline follows the input's keyboard focus.
const chooseButton = {
  display: 'inline-block',
  px: 2,
  py: 0.75,
  border: 1,
  borderColor: 'primary.main',
  borderRadius: 1,
  color: 'primary.main',
  cursor: 'pointer',
  fontSize: '0.875rem',
  fontWeight: 500,
  lineHeight: 1.75,
  textTransform: 'uppercase',
  'input:focus-visible + &': { outline: '2px solid', outlineOffset: 2 },
  'input:disabled + &': { opacity: 0.5, cursor: 'default' },
} as const;

type FileChooserProps = { id: string; text: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'style'>;

/**
 * The panel's own file button in place of the browser's ("Choose File", "No file chosen" in the
 * browser's language): the native input stays focusable and named by the field's label, out of
 * sight; a second label drawn as a button shows the Polish `text`.
 */
export function FileChooser({ id, text, ...input }: FileChooserProps) {
  return (
    <>
      <input id={id} type="file" style={visuallyHidden} {...input} />
      <Box component="label" htmlFor={id} sx={chooseButton}>
        {text}
      </Box>
    </>
  );
}
