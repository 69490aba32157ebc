import { TextField, type TextFieldProps } from '@mui/material';
import { useCallback } from 'react';
import {
  Controller,
  useForm,
  type Control,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormSetError,
} from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { useToast } from '../../notifications';
import { errorMessage, isApiError } from '../../providers/http';
import { useTranslateText } from '../../providers/useTranslateText';

/** A react-hook-form resolver over a shared validator that returns {field: catalogue key}. */
function validatorResolver<Values extends FieldValues>(
  validate: (values: Values) => Partial<Record<string, string>>,
): Resolver<Values> {
  return async (values) => {
    const failures = Object.entries(validate(values)).filter((entry): entry is [string, string] => Boolean(entry[1]));
    if (failures.length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(failures.map(([field, message]) => [field, { type: 'validate', message }])) as FieldErrors<Values>,
    };
  };
}

/** A form checked by a shared validator: messages appear on submit, then follow typing. */
export function useValidatedForm<Values extends FieldValues>(
  validate: (values: Values) => Partial<Record<string, string>>,
  defaultValues: DefaultValues<Values>,
) {
  // Not on blur: a message appearing as the field loses focus would move the submit button under the pointer.
  return useForm<Values>({ defaultValues, resolver: validatorResolver<Values>(validate), mode: 'onSubmit', reValidateMode: 'onChange' });
}

/**
 * What the forms do when a submit fails: the browser's checks toast SPEC 5's generic message; a 400
 * from the server puts its field messages on the fields and toasts its detail.
 */
export function useSubmitFailure<Values extends FieldValues>(setError: UseFormSetError<Values>) {
  const toast = useToast();
  const onInvalid = useCallback(() => toast.error('validation.form_invalid'), [toast]);
  const onServerError = useCallback(
    (error: unknown) => {
      if (isApiError(error)) {
        for (const [field, message] of Object.entries(error.body.errors ?? {})) {
          setError(field as Path<Values>, { type: 'server', message }, { shouldFocus: true });
        }
      }
      toast.error(errorMessage(error));
    },
    [setError, toast],
  );
  return { onInvalid, onServerError };
}

type FormTextFieldProps<Values extends FieldValues> = Omit<TextFieldProps, 'name' | 'label' | 'error' | 'value'> & {
  control: Control<Values>;
  name: Path<Values>;
  /** Catalogue key of the label. */
  label: string;
  /** Placeholders of the validation messages (e.g. min, max). */
  messageParams?: Record<string, unknown>;
};

/**
 * A labelled text field bound to the form; its message (a catalogue key from the browser's checks,
 * or the server's text) is its helper text, which MUI ties to the input with aria-describedby.
 */
export function FormTextField<Values extends FieldValues>({
  control,
  name,
  label,
  messageParams,
  helperText,
  id,
  slotProps,
  ...props
}: FormTextFieldProps<Values>) {
  const translate = useTranslate();
  const message = useTranslateText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          // A required input is announced as such; the label stays its plain text, without MUI's asterisk.
          slotProps={{ ...slotProps, inputLabel: { required: false } }}
          id={id ?? `field-${name}`}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={translate(label)}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? message(fieldState.error.message, messageParams) : helperText}
          fullWidth
        />
      )}
    />
  );
}
