import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';

interface OutlinedTextFieldProps extends Pick<OutlinedInputProps, 'name' | 'value' | 'onChange' | 'type' | 'autoComplete' | 'autoFocus' | 'error'> {
  id: string;
  label: string;
  helperText?: string;
  /** Said to assistive technology only, without MUI's asterisk in the label, so the field's name is just its label. */
  required?: boolean;
}

/**
 * A full-width outlined text field built from TextField's own parts. TextField also brings its
 * `select` mode (Select, Menu, Popover, Modal: about 20 kB gzipped), which the login page, the
 * first page a user loads, would download without ever showing it.
 */
export function OutlinedTextField({ id, label, helperText, error, required, ...input }: OutlinedTextFieldProps) {
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl fullWidth error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={helperTextId} slotProps={{ input: { 'aria-required': required } }} {...input} />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
