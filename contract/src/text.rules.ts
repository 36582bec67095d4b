// Rules of text that need no schema, so a screen that only reads text (the header's search box, the
// catalogue's URL) applies them without downloading zod.

/**
 * Text that shows nothing: white space, and format and other default-ignorable characters (a
 * zero-width space U+200B, a word joiner U+2060, a soft hyphen U+00AD, a byte-order mark …), which
 * trimming leaves in place. One character class under one star, so it cannot backtrack.
 */
const INVISIBLE_ONLY = /^[\s\p{Cf}\p{Default_Ignorable_Code_Point}]*$/u;
/** Whether text shows nothing: empty, or only white space and characters that show nothing. */
export const isBlankText = (s: string) => INVISIBLE_ONLY.test(s);
