declare module 'virtual:module-texts/*' {
  /** The catalogue's `resources` (the modules' own texts) of one locale (see src/tools/build/browserCatalogue.ts). */
  const texts: Record<string, unknown>;
  export default texts;
}

declare module 'virtual:panel-texts/*' {
  /** The catalogue of one locale but the shell's texts and the modules' (see src/tools/build/browserCatalogue.ts). */
  const texts: Record<string, unknown>;
  export default texts;
}
