/** What a search result or a link preview shows of a page's description; the rest is cut off there anyway. */
export const META_DESCRIPTION_MAX_LENGTH = 160;

const ELLIPSIS = '…';

/**
 * A page's `<meta name="description">` text from stored text of any length: its white space run
 * together, and past META_DESCRIPTION_MAX_LENGTH characters cut after the last whole word that fits,
 * with an ellipsis, so a search engine shows a sentence that stops where the shop stopped it rather
 * than in the middle of a word. One word longer than the whole is cut within it. Characters are
 * counted as the reader sees them (a letter outside the Basic Multilingual Plane is one, never split).
 */
export function metaDescription(text: string): string {
  const whole = text.replace(/\s+/g, ' ').trim();
  const characters = Array.from(whole);
  if (characters.length <= META_DESCRIPTION_MAX_LENGTH) return whole;
  // Room for the words and the ellipsis; the character after the room tells whether its last word is whole.
  const room = characters.slice(0, META_DESCRIPTION_MAX_LENGTH - ELLIPSIS.length + 1).join('');
  const lastSpace = room.lastIndexOf(' ');
  const words = lastSpace > 0 ? room.slice(0, lastSpace) : Array.from(room).slice(0, -1).join('');
  // A sentence's comma or full stop before the ellipsis reads as a stray mark.
  return `${words.replace(/[\s,;:.\-–—]+$/u, '') || words}${ELLIPSIS}`;
}
