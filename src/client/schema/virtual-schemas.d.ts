declare module 'virtual:schema-validators' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  /** Precompiled form validators keyed by RJSF's schema hash (see src/tools/build/schemaPlugin.ts). */
  export const validateFns: ValidatorFunctions;
}

declare module 'virtual:schema-files' {
  /** The schema files of SCHEMAS_DIR at build time, parsed, by path relative to it. */
  export const schemaFiles: Record<string, unknown>;
}

declare module 'virtual:schema-routes' {
  import type { SchemaRouteMeta } from './routeTable';
  /** The schema modules' routes, made at build time from the same schema files. */
  export const schemaRouteTable: SchemaRouteMeta[];
}

interface ImportMetaEnv {
  /** The {product} of the schemas, set by the schema plugin from PANEL_PRODUCT at build time. */
  readonly PANEL_PRODUCT?: string;
}
