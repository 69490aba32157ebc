import { InputAdornment } from '@mui/material';
import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-admin';
import { apiPaths, type PathParams } from '../../../common/schema/paths';
import { propertySuffix } from '../../../common/schema/widgets';
import type { JsonSchema } from '../../../common/schema/types';
import { api } from '../../providers/http';
import { moduleOf } from '../registry';
import { CronHint } from './CronHint';
import type { SchemaFormContext } from './OptionsWidget';

/**
 * RJSF's text input, with the text of the property's x-suffix after it (from the schema as resolved
 * for the form's values, so a branch's suffix shows only while the branch holds); a cron expression
 * (`"format": "cron"`) with its Polish description and next runs under it.
 */
export function TextWidget(props: WidgetProps) {
  const params = useParams() as PathParams;
  const context = props.registry.formContext as SchemaFormContext;
  const suffix = propertySuffix(props.schema as JsonSchema);
  const collection = suffix ? apiPaths(moduleOf(context.resource).admin, params).collection : '';
  const answer = useQuery({
    queryKey: [context.resource, 'suffix', collection, suffix?.path],
    queryFn: ({ signal }) => api<Record<string, unknown>>(`${collection}/${suffix!.path}`, { signal }),
    enabled: suffix !== undefined,
    staleTime: 60_000,
  });
  const BaseInputTemplate = getTemplate('BaseInputTemplate', props.registry, props.options);
  const text = suffix && typeof answer.data?.[suffix.field] === 'string' ? (answer.data[suffix.field] as string) : undefined;
  const input = <BaseInputTemplate {...props} slotProps={text ? { input: { endAdornment: <InputAdornment position="end">{text}</InputAdornment> } } : undefined} />;
  if (props.schema.format !== 'cron') return input;
  return (
    <>
      {input}
      <CronHint id={`${props.id}-cron`} value={props.value} />
    </>
  );
}
