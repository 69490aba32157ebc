declare module 'virtual:schema-validators' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  /** Precompiled form validators keyed by RJSF's schema hash (see validatorsPlugin.ts). */
  export const validateFns: ValidatorFunctions;
}

interface ImportMetaEnv {
  /** The {product} of the schemas, set by validatorsPlugin from PANEL_PRODUCT at build time. */
  readonly PANEL_PRODUCT?: string;
}
