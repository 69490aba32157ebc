import { useTheme } from '@mui/material';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { plPL } from '@mui/x-date-pickers/locales';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { pl } from 'date-fns/locale/pl';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { fromPickerDate, toPickerDate, type DateTimeFieldProps } from './DateTimeField';

const FORMATS = { date: 'dd.MM.yyyy', 'date-time': 'dd.MM.yyyy HH:mm', time: 'HH:mm', month: 'MM.yyyy' } as const;

/** MUI X's Polish texts with the sections' placeholders (dd.mm.rrrr, gg:mm) the catalogue gives. */
function usePolishLocaleText() {
  const translate = useTranslate();
  return useMemo(
    () => ({
      ...plPL.components.MuiLocalizationProvider.defaultProps.localeText,
      fieldYearPlaceholder: ({ digitAmount }: { digitAmount: number }) => translate('app.date_picker.year_letter').repeat(digitAmount),
      fieldMonthPlaceholder: () => translate('app.date_picker.month'),
      fieldDayPlaceholder: () => translate('app.date_picker.day'),
      fieldHoursPlaceholder: () => translate('app.date_picker.hours'),
      fieldMinutesPlaceholder: () => translate('app.date_picker.minutes'),
      fieldSecondsPlaceholder: () => translate('app.date_picker.seconds'),
      empty: translate('app.date_picker.empty'),
    }),
    [translate],
  );
}

/**
 * The picker of DateTimeField, loaded with the first screen that has a date: date-fns's Polish
 * locale (Polish month and day names, Monday first), 24-hour times, ISO values in and out.
 */
export default function PolishDatePicker({ id, kind, label, value, onChange, onBlur, required, disabled, error, describedBy, size }: DateTimeFieldProps) {
  const localeText = usePolishLocaleText();
  // Drawn as the theme draws the panel's other text fields (filled), which the pickers' own field does not follow by itself.
  const variant = useTheme().components?.MuiTextField?.defaultProps?.variant;
  // The Date the picker last gave for the value it stands for: an unfinished date's text stays as typed.
  const [picked, setPicked] = useState<{ value: string | undefined; date: Date | null } | null>(null);
  const date = picked && picked.value === value ? picked.date : toPickerDate(kind, value);
  const change = (next: Date | null) => {
    const stored = fromPickerDate(kind, next);
    setPicked({ value: stored, date: next });
    onChange(stored);
  };
  const common = {
    label,
    value: date,
    onChange: change,
    disabled,
    format: FORMATS[kind],
    slotProps: {
      // The calendar's popper is named by its field (the modal of a touch screen has its title).
      popper: { 'aria-label': label },
      textField: {
        id,
        variant,
        required,
        error,
        fullWidth: true,
        size,
        onBlur,
        slotProps: { input: { 'aria-describedby': describedBy } },
      },
    },
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={pl} localeText={localeText}>
      {kind === 'date-time' ? (
        <DateTimePicker {...common} ampm={false} />
      ) : kind === 'time' ? (
        <TimePicker {...common} ampm={false} />
      ) : kind === 'month' ? (
        <DatePicker {...common} views={['year', 'month']} openTo="month" />
      ) : (
        <DatePicker {...common} />
      )}
    </LocalizationProvider>
  );
}
