/**
 * Unicode's bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C): invisible,
 * they reorder the text around them, so that a name shows other than it is ('faktura\u202Efdp.exe'
 * shows as 'fakturaexe.pdf'). A pattern source (with the u flag), for the code ajv generates.
 */
export const BIDI_CONTROL_PATTERN = '\\p{Bidi_Control}';

/**
 * Line breaks (CR, LF and Unicode's line and paragraph separators) in a single-line text: in a header
 * built from it (a mail's subject, a sender's name) they would start a header of the sender's choice.
 */
export const LINE_BREAK_PATTERN = '[\\r\\n\\u2028\\u2029]';
