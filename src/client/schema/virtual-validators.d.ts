declare module 'virtual:schema-validators' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  /** Precompiled form validators keyed by RJSF's schema hash (see validatorsPlugin.ts). */
  export const validateFns: ValidatorFunctions;
}
