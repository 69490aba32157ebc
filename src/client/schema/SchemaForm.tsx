import Form, { Templates } from '@rjsf/mui';
import {
  ariaDescribedByIds,
  englishStringTranslator,
  TranslatableString,
  type BaseInputTemplateProps,
  type ErrorSchema,
  type RJSFSchema,
  type TitleFieldProps,
} from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { ValidatorType } from '@rjsf/utils';
import { validateFns } from 'virtual:schema-validators';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useParams, useTranslate } from 'react-admin';
import { apiPaths } from '../../common/schema/paths';
import { api } from '../providers/http';
import type { JsonSchema, ModuleSchema } from '../../common/schema/types';
import { useToast } from '../notifications';
import { asRjsfErrors, conditionalFields, formSchema, formUiSchema, hiddenFields, missingOfferedFields, translateFormErrors } from './formSchema';
import { schemaFields, schemaWidgets } from './widgets';

export type FormValues = Record<string, unknown>;

export interface CompiledForm {
  schema: RJSFSchema;
  validator: ValidatorType<FormValues>;
}

const compiledForms = new Map<string, CompiledForm>();

/**
 * A module's form schema with its validator, compiled at build time by ajv with the shared formats,
 * ajv-errors (catalogue keys) and the x-admin annotation (src/tools/build/schemaPlugin.ts): no code is generated
 * in the browser, whose CSP forbids it.
 */
export function compiledForm(module: ModuleSchema, editing: boolean): CompiledForm {
  const key = `${module.admin.resource}:${editing}`;
  let compiled = compiledForms.get(key);
  if (!compiled) {
    const schema = formSchema(module, editing);
    compiled = { schema, validator: createPrecompiledValidator<FormValues>(validateFns, schema) };
    compiledForms.set(key, compiled);
  }
  return compiled;
}

// RJSF's own button labels, from react-admin's Polish ones.
const rjsfStrings: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.AddButton]: 'ra.action.add',
  [TranslatableString.AddItemButton]: 'ra.action.add',
  [TranslatableString.RemoveButton]: 'ra.action.remove',
  [TranslatableString.MoveUpButton]: 'ra.action.move_up',
  [TranslatableString.MoveDownButton]: 'ra.action.move_down',
  [TranslatableString.CopyButton]: 'ra.action.clone',
  [TranslatableString.ClearButton]: 'ra.action.clear_input_value',
};

const MuiInput = Templates.BaseInputTemplate!;

/**
 * The MUI input with its error, description and help tied to the <input> itself: the theme puts
 * aria-describedby on the TextField's wrapper, where assistive technology does not read it.
 */
function DescribedInput(props: BaseInputTemplateProps) {
  const describedBy = ariaDescribedByIds(props.id, Boolean(props.schema.examples));
  return <MuiInput {...props} slotProps={{ ...props.slotProps, htmlInput: { ...props.slotProps?.htmlInput, 'aria-describedby': describedBy } }} />;
}

const MuiTitle = Templates.TitleFieldTemplate!;

/** Section titles (e.g. a list field's) as h2 under the page's h1, not the theme's h5. */
function SectionTitle(props: TitleFieldProps) {
  const ui = props.uiSchema ?? {};
  const options = (ui['ui:options'] ?? {}) as { mui?: { rjsfSlotProps?: Record<string, unknown> } };
  const mui = { ...options.mui, rjsfSlotProps: { ...options.mui?.rjsfSlotProps, titleTypography: { component: 'h2', variant: 'h6' } } };
  return <MuiTitle {...props} uiSchema={{ ...ui, 'ui:options': { ...options, mui } }} />;
}

/** The panel's RJSF templates, for every form it draws (a module's, a site form's preview). */
export const formTemplates = { BaseInputTemplate: DescribedInput, TitleFieldTemplate: SectionTitle };

/** RJSF's own strings (button labels) in the panel's language. */
export const rjsfTranslator =
  (translate: (key: string) => string) =>
  (key: TranslatableString, params?: string[]): string =>
    rjsfStrings[key] ? translate(rjsfStrings[key]) : englishStringTranslator(key, params);

/** The values without the conditional fields the data hides (e.g. SMTP fields once another type is chosen). */
function withoutHidden(values: FormValues, hidden: ReadonlySet<string>): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([field]) => !hidden.has(field)));
}

export interface SchemaFormProps {
  module: ModuleSchema;
  values: FormValues;
  onChange(values: FormValues): void;
  onSubmit(values: FormValues): void;
  /** The server's field errors of the last save. */
  extraErrors?: ErrorSchema;
  /** Editing a stored record: write-only fields may stay empty. */
  editing: boolean;
  disabled?: boolean;
  /**
   * The properties this page shows (a record's options page); the others keep their values, unseen.
   * Default: all but those set by the panel itself (readOnly).
   */
  shown?: ReadonlySet<string>;
  /**
   * Inside the form after the fields: file fields and the buttons (a submit button submits); as a
   * function, given the fields the values hide (a block's upload where its type shows no image).
   */
  children: ReactNode | ((hidden: ReadonlySet<string>) => ReactNode);
}

/**
 * The choices of each `x-choices` property the server does not offer now: the property names a
 * call under the module's collection (`"x-choices": "types"`: GET {collection}/types, answering
 * {data: [{id}]}), e.g. the sender types a root user allowed the service, the modules a role of
 * the service may give. Until it answers, none.
 */
function useDisabledChoices(module: ModuleSchema): Record<string, unknown[]> {
  const params = useParams() as Record<string, string>;
  const fields = Object.entries(module.schema.properties ?? {}).flatMap(([field, property]) =>
    typeof property['x-choices'] === 'string' ? [{ field, path: `${apiPaths(module.admin, params).collection}/${property['x-choices']}`, property }] : [],
  );
  const answers = useQueries({
    queries: fields.map(({ path }) => ({
      queryKey: [module.admin.resource, 'choices', path],
      queryFn: ({ signal }: { signal: AbortSignal }) => api<{ data: { id: unknown }[] }>(path, { signal }),
      staleTime: 60_000,
    })),
  });
  const key = JSON.stringify(answers.map((answer) => answer.data?.data.map((choice) => choice.id) ?? null));
  return useMemo(() => {
    const offered = JSON.parse(key) as (unknown[] | null)[];
    return Object.fromEntries(
      fields.flatMap(({ field, property }, index) => {
        const ids = offered[index];
        // A choice, or a list of choices (its items'), e.g. the modules a role gives.
        const choices = property.oneOf ?? (property.items as JsonSchema | undefined)?.oneOf ?? [];
        const all = (choices as { const?: unknown }[]).map((choice) => choice.const);
        return ids ? [[field, all.filter((value) => !ids.includes(value))]] : [];
      }),
    );
    // The fields follow from the module, the answers from the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, module]);
}

/**
 * A module's form, drawn by react-jsonschema-form (MUI) from its schema: translated labels, the
 * shared validation with Polish messages on the fields, conditional fields by if/then, and the
 * SPEC 8 toast on an invalid submit.
 */
export function SchemaForm({ module, values, onChange, onSubmit, extraErrors, editing, disabled, shown, children }: SchemaFormProps) {
  const translate = useTranslate();
  const toast = useToast();
  const [submitted, setSubmitted] = useState(false);
  const { schema, validator } = compiledForm(module, editing);
  const conditions = useMemo(() => conditionalFields(module), [module]);
  const hiddenFor = (data: FormValues) => hiddenFields(conditions, (condition: JsonSchema) => validator.isValid(condition as RJSFSchema, data, schema));
  // A form page's other fields keep their values, unseen (formUiSchema hides the server-set ones itself).
  const unseen = shown ? Object.keys(module.schema.properties ?? {}).filter((field) => !shown.has(field)) : [];
  // The widgets change only when the set of hidden fields does, not on every keystroke.
  const hiddenKey = [...hiddenFor(values), ...unseen].join(',');
  const disabledChoices = useDisabledChoices(module);
  const hidden = useMemo(() => new Set(hiddenKey.split(',').filter(Boolean)), [hiddenKey]);
  const uiSchema = useMemo(() => formUiSchema(module, translate, editing, hidden, disabledChoices), [module, translate, editing, hidden, disabledChoices]);

  return (
    <Form
      schema={schema}
      uiSchema={uiSchema}
      formData={values}
      validator={validator}
      templates={formTemplates}
      widgets={schemaWidgets}
      // x-options widgets put the other fields' values into their calls.
      formContext={{ resource: module.admin.resource, values }}
      // A choice (oneOf of consts) stays empty until the user makes it: its 'required' message, not its first option.
      experimental_defaultFormStateBehavior={{ constAsDefaults: 'skipOneOf' }}
      fields={schemaFields}
      onChange={({ formData }) => onChange(withoutHidden(formData ?? {}, hiddenFor(formData ?? {})))}
      onSubmit={({ formData }) => onSubmit(withoutHidden(formData ?? {}, hiddenFor(formData ?? {})))}
      onError={() => {
        setSubmitted(true);
        toast.error('validation.form_invalid');
      }}
      // With a field required only where the service has it (x-flags): JSON Schema's `required` cannot say so. Not a
      // customValidate: RJSF then resolves the defaults against the branch-resolved schema, which a precompiled validator refuses.
      transformErrors={(errors) => [...translateFormErrors(errors, module, translate), ...asRjsfErrors(missingOfferedFields(module, values, hidden, translate))]}
      translateString={rjsfTranslator(translate)}
      extraErrors={extraErrors}
      liveValidate={submitted ? 'onChange' : undefined}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      disabled={disabled}
    >
      {typeof children === 'function' ? children(hidden) : children}
    </Form>
  );
}
