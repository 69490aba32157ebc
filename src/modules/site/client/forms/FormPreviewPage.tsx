import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import Form from '@rjsf/mui';
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { answerKey, submissionSchema, type FormField } from '../../../../common/forms/submission-schema';
import { apiPaths } from '../../../../common/schema/paths';
import { api } from '../../../../client/providers/http';
import { LoadFailure, ModuleAccess, useSchemaContext } from '../../../../client/schema/access';
import { RecordHeading, RecordTabs } from '../../../../client/schema/RecordTabs';
import { moduleOf } from '../../../../client/schema/registry';
import { formTemplates, rjsfTranslator, type FormValues } from '../../../../client/schema/SchemaForm';
import { schemaWidgets } from '../../../../client/schema/widgets';
import { LoadingState } from '../../../../client/screens/common/QueryStates';

/**
 * The preview checks nothing: the panel's CSP forbids compiling a validator in the browser, and
 * the server checks every real submission by the same schema.
 */
const previewValidator: ValidatorType<FormValues> = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => true,
  rawValidation: () => ({}),
};

const WIDGETS: Partial<Record<FormField['kind'], string>> = { textarea: 'textarea', choices: 'checkboxes', choice: 'radio' };

/**
 * How the site draws the fields: a long text as a text area, choices as radios or checkboxes, and
 * a field's help (its schema description, which RJSF would make a heading) as the help under it.
 */
function previewUiSchema(fields: readonly FormField[]): UiSchema<FormValues> {
  return Object.fromEntries(
    fields.map((field) => [answerKey(field), { ...(WIDGETS[field.kind] ? { 'ui:widget': WIDGETS[field.kind] } : {}), ...(field.help ? { 'ui:help': field.help } : {}) }]),
  );
}

/** The submission schema as the preview draws it: the helps go to the uiSchema. */
function previewSchema(fields: readonly FormField[]): RJSFSchema {
  const schema = submissionSchema(fields);
  const properties = Object.entries(schema.properties ?? {}).map(([key, { description: _help, ...property }]) => [key, property]);
  return { ...schema, properties: Object.fromEntries(properties) } as RJSFSchema;
}

function Preview({ formId, params }: { formId: string; params: Record<string, string> }) {
  const translate = useTranslate();
  const [values, setValues] = useState<FormValues>({});
  const fieldsPath = apiPaths(moduleOf('form_fields').admin, params).collection;
  const formPath = apiPaths(moduleOf('forms').admin, params).item(formId);
  // Keys under the modules' resources: the forms' and fields' saves refresh the preview.
  const fields = useQuery({
    queryKey: ['form_fields', 'preview', fieldsPath],
    queryFn: ({ signal }) => api<{ data: FormField[] }>(`${fieldsPath}?per_page=100`, { signal }),
  });
  const form = useQuery({ queryKey: ['forms', 'preview', formPath], queryFn: ({ signal }) => api<{ consent_text?: string }>(formPath, { signal }) });
  const schema = useMemo(() => previewSchema(fields.data?.data ?? []), [fields.data]);
  const uiSchema = useMemo(() => previewUiSchema(fields.data?.data ?? []), [fields.data]);
  if (fields.isPending || form.isPending) return <LoadingState />;
  if (fields.isError || form.isError) return <LoadFailure error={fields.error ?? form.error} />;
  if (fields.data.data.length === 0) return <Alert severity="info">{translate('resources.forms.preview.empty')}</Alert>;
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography sx={{ mb: 2 }}>{translate('resources.forms.preview.intro')}</Typography>
      <Form
        schema={schema}
        uiSchema={uiSchema}
        formData={values}
        validator={previewValidator}
        templates={formTemplates}
        widgets={schemaWidgets}
        onChange={({ formData }) => setValues(formData ?? {})}
        translateString={rjsfTranslator(translate)}
        showErrorList={false}
        noHtml5Validate
      >
        {form.data.consent_text && (
          <Box component="section" aria-label={translate('resources.forms.fields.consent_text')} sx={{ mt: 2 }}>
            <Typography variant="body2">{form.data.consent_text}</Typography>
          </Box>
        )}
        <Button variant="contained" sx={{ mt: 2 }} disabled>
          {translate('resources.forms.preview.submit')}
        </Button>
      </Form>
    </Paper>
  );
}

/** moduly/formularze/{form_id}: the form as the site's visitors see it, among the form's pages. */
export default function FormPreviewPage() {
  const context = useSchemaContext('forms');
  const translate = useTranslate();
  const { params } = context;
  return (
    <ModuleAccess context={context}>
      <RecordHeading module={context.module} params={params}>
        {translate('resources.forms.views.show')}
      </RecordHeading>
      <RecordTabs module={context.module} params={params} />
      <Preview formId={params.form_id} params={params} />
    </ModuleAccess>
  );
}
