/**
 * Unicode's bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C): invisible,
 * they reorder the text around them, so that a name shows other than it is ('faktura\u202Efdp.exe'
 * shows as 'fakturaexe.pdf'). A pattern source (with the u flag), for the code ajv generates.
 */
export const BIDI_CONTROL_PATTERN = '\\p{Bidi_Control}';
