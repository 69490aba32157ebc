import Ajv, { _, type KeywordCxt, type ValidateFunction } from 'ajv';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import { usePattern } from 'ajv/dist/vocabularies/code';
import { BIDI_CONTROL_PATTERN, LINE_BREAK_PATTERN } from '../validation/text';
import { customFormats } from './formats';
import { RULES_KEYWORD, rulesKeyword } from './rules';
import { SINGLE_LINE_KEYWORD } from './single-line';

export * from './errors';
export { customFormats } from './formats';
export { SINGLE_LINE_KEYWORD, withSingleLineChecks } from './single-line';
export { RULES_KEYWORD } from './rules';

/**
 * Makes an ajv instance read our schemas: formats, ajv-errors' errorMessage (catalogue keys) and the
 * x-admin annotation, the single-line texts and the rules between fields. The browser passes this as customizeValidator's extenderFn.
 */
export function extendAjv<T extends Ajv>(ajv: T): T {
  addFormats(ajv);
  for (const [name, validate] of Object.entries(customFormats)) ajv.addFormat(name, { type: 'string', validate });
  ajvErrors(ajv);
  if (!ajv.getKeyword('x-admin')) ajv.addKeyword({ keyword: 'x-admin', schemaType: 'object' });
  if (!ajv.getKeyword(SINGLE_LINE_KEYWORD)) {
    // Generated code (a pattern, no function of ours): the browser's validators are compiled to source at build time.
    ajv.addKeyword({
      keyword: SINGLE_LINE_KEYWORD,
      type: 'string',
      schemaType: 'boolean',
      error: {
        message: 'must be one line without bidirectional control characters',
        params: ({ params }) => _`{line_break: ${params.line_break}}`,
      },
      code(cxt: KeywordCxt) {
        if (cxt.schema !== true) return;
        const lineBreak = _`${usePattern(cxt, LINE_BREAK_PATTERN)}.test(${cxt.data})`;
        // The error's params say which of the two it is, for its message.
        cxt.setParams({ line_break: lineBreak });
        cxt.fail(_`${lineBreak} || ${usePattern(cxt, BIDI_CONTROL_PATTERN)}.test(${cxt.data})`);
      },
    });
  }
  if (!ajv.getKeyword(RULES_KEYWORD)) ajv.addKeyword(rulesKeyword);
  return ajv;
}

export function createAjv(): Ajv {
  return extendAjv(new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: true }));
}

export type RecordValidator = ValidateFunction;
