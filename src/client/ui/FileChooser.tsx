import { Box } from '@mui/material';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { visuallyHidden } from './visuallyHidden';

// The label that opens the file dialog, drawn as an outlined button; the outline follows the input's keyboard focus.
const chooseButton = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 1,
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

type FileChooserProps = { id: string; text: string; icon?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'style'>;

/**
 * The panel's own file button in place of the browser's ("Choose File", "No file chosen" in the
 * browser's language), everywhere the panel takes files: the native input stays focusable and named
 * by the field's label (if any) and the button's, out of sight; a second label drawn as a button
 * shows the Polish `text` after its `icon`.
 */
export function FileChooser({ id, text, icon, ...input }: FileChooserProps) {
  return (
    <>
      <input id={id} type="file" style={visuallyHidden} {...input} />
      <Box component="label" htmlFor={id} sx={chooseButton}>
        {icon}
        {text}
      </Box>
    </>
  );
}
