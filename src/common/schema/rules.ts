import { _, type Code, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';
import type { KeywordErrorCxt } from 'ajv/dist/types';
import { operators } from 'ajv/dist/compile/codegen';
import type { JsonSchema } from './types';

/**
 * Rules between fields (x-admin.rules): `{"field": "date_to", "op": ">=", "than": "date_from"}` holds
 * when date_to >= date_from, and is skipped while either is empty. The registry puts the completed
 * rules on the schema under RULES_KEYWORD, which extendAjv checks with generated code (no function of
 * ours), so the browser's precompiled validators and the server's ajv refuse the same values, with the
 * error on `field` and the rule's catalogue message.
 */
export const RULES_KEYWORD = 'x-rules';

export const RULE_OPS = ['<', '<=', '>', '>='] as const;
export type RuleOp = (typeof RULE_OPS)[number];

/** What a rule compares: dates and date-times as moments, numbers as numbers. */
export type RuleKind = 'date' | 'number';

export interface FieldRule {
  field: string;
  op: RuleOp;
  than: string;
  /** Catalogue key with %{field} and %{than} (the two fields' names); default validation.between_fields.<kind>_<op name>. */
  message: string;
  kind: RuleKind;
}

const OP_NAMES: Record<RuleOp, string> = { '<': 'lt', '<=': 'lte', '>': 'gt', '>=': 'gte' };
// The comparison that breaks each rule: `a >= b` fails where `a < b`; NaN (an unreadable date) breaks none.
const BROKEN_BY = { '<': operators.GTE, '<=': operators.GT, '>': operators.LTE, '>=': operators.LT } as const;

/** The kind a property's values are compared as, or undefined when they are not comparable. */
export function ruleKind(property: JsonSchema | undefined): RuleKind | undefined {
  if (!property) return undefined;
  const types = Array.isArray(property.type) ? property.type : [property.type];
  if (types.includes('string') && (property.format === 'date' || property.format === 'date-time')) return 'date';
  if (types.includes('integer') || types.includes('number')) return 'number';
  return undefined;
}

/** The default message of a rule: validation.between_fields.date_gte, validation.between_fields.number_lt, ... */
export const ruleMessageKey = (kind: RuleKind, op: RuleOp) => `validation.between_fields.${kind}_${OP_NAMES[op]}`;

/** Checks and completes x-admin.rules against the top-level properties; returns the problem, if any. */
export function completeRules(given: unknown, properties: Record<string, JsonSchema>): FieldRule[] | string {
  if (given === undefined) return [];
  if (!Array.isArray(given)) return 'x-admin.rules must be a list';
  const rules: FieldRule[] = [];
  for (const [index, rule] of (given as Partial<FieldRule>[]).entries()) {
    const where = `x-admin.rules[${index}]`;
    if (!RULE_OPS.includes(rule.op as RuleOp)) return `${where}.op must be one of ${RULE_OPS.join(', ')}`;
    const kind = ruleKind(properties[rule.field as string]);
    if (!kind) return `${where}.field ${String(rule.field)} must be a property holding a date, a date-time or a number`;
    if (rule.than === rule.field || ruleKind(properties[rule.than as string]) !== kind || properties[rule.than as string].format !== properties[rule.field as string].format) {
      return `${where}.than ${String(rule.than)} must be another property of the same type and format as ${String(rule.field)}`;
    }
    if (rule.message !== undefined && typeof rule.message !== 'string') return `${where}.message must be a catalogue key`;
    rules.push({ field: rule.field!, op: rule.op!, than: rule.than!, message: rule.message ?? ruleMessageKey(kind, rule.op!), kind });
  }
  return rules;
}

/** The ajv keyword checking RULES_KEYWORD (added by extendAjv). */
export const rulesKeyword: CodeKeywordDefinition = {
  keyword: RULES_KEYWORD,
  type: 'object',
  schemaType: 'array',
  error: {
    message: 'must keep the rule between fields',
    params: ({ params }: KeywordErrorCxt) => _`{message: ${params.message}, than: ${params.than}}`,
  },
  code(cxt: KeywordCxt) {
    for (const rule of cxt.schema as FieldRule[]) {
      const value = _`${cxt.data}[${rule.field}]`;
      const other = _`${cxt.data}[${rule.than}]`;
      const broken =
        rule.kind === 'number'
          ? _`typeof ${value} == "number" && typeof ${other} == "number" && ${value} ${BROKEN_BY[rule.op]} ${other}`
          : _`typeof ${value} == "string" && typeof ${other} == "string" && Date.parse(${value}) ${BROKEN_BY[rule.op]} Date.parse(${other})`;
      // The error goes on the rule's field: a property name as instancePath, as ajv's own JTD keywords pass it.
      cxt.gen.if(broken, () => cxt.error(false, { message: _`${rule.message}`, than: _`${rule.than}` }, { instancePath: rule.field as unknown as Code }));
    }
  },
};
