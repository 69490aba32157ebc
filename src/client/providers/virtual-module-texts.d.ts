declare module 'virtual:module-texts/*' {
  import type { TranslationMessages } from 'react-admin';
  /** The catalogue's `resources` (the modules' own texts) of one locale (see src/tools/build/browserCatalogue.ts). */
  const texts: TranslationMessages[string];
  export default texts;
}
