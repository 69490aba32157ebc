import { fullFormats } from 'ajv-formats/dist/formats';
import { customFormats } from '../../common/schema/formats';

/**
 * The formats the precompiled validators call at run time (see src/tools/build/schemaPlugin.ts): ajv-formats'
 * set with the shared ones over it, in the very shape extendAjv registers them.
 */
export const schemaFormats = {
  ...fullFormats,
  ...Object.fromEntries(Object.entries(customFormats).map(([name, validate]) => [name, { type: 'string', validate }])),
};
