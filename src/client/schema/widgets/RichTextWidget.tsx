import { FormControl, FormLabel, Skeleton } from '@mui/material';
import { ariaDescribedByIds, labelValue, type WidgetProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';

// TipTap loads only with a form that has rich text.
const RichTextEditor = lazy(() => import('../../ui/RichTextEditor').then((module) => ({ default: module.RichTextEditor })));

/** RJSF widget of rich text properties (contentMediaType text/html or x-widget richtext): HTML, '' stored as no value. */
export function RichTextWidget({ id, label, hideLabel, value, required, disabled, readonly, rawErrors, onChange, onBlur, schema }: WidgetProps) {
  const labelId = `${id}-label`;
  return (
    <FormControl fullWidth required={required} error={Boolean(rawErrors?.length)}>
      <FormLabel id={labelId}>{labelValue(label, hideLabel) ?? label}</FormLabel>
      <Suspense fallback={<Skeleton variant="rectangular" height={200} />}>
        <RichTextEditor
          id={id}
          labelledBy={labelId}
          value={typeof value === 'string' ? value : ''}
          onChange={(html) => onChange(html || undefined)}
          onBlur={() => onBlur(id, value)}
          disabled={disabled || readonly}
          error={Boolean(rawErrors?.length)}
          describedBy={ariaDescribedByIds(id, Boolean(schema.examples))}
        />
      </Suspense>
    </FormControl>
  );
}
