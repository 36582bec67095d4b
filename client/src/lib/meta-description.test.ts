import { describe, expect, it } from 'vitest';
import { META_DESCRIPTION_MAX_LENGTH, metaDescription } from './meta-description';

describe('metaDescription', () => {
  it('keeps a description that fits whole, its white space run together', () => {
    expect(metaDescription('  Eases pain\n\nand  fever. ')).toBe('Eases pain and fever.');
    const fits = `${'word '.repeat(31)}abcde`;
    expect(fits).toHaveLength(META_DESCRIPTION_MAX_LENGTH);
    expect(metaDescription(fits)).toBe(fits);
  });

  it('cuts a longer one after its last whole word, with an ellipsis and no stray mark before it', () => {
    const sentence = `${'Take one tablet, '.repeat(12)}then rest.`;
    expect(metaDescription(sentence)).toBe(`${'Take one tablet, '.repeat(9)}Take…`);
    const clause = `${'a'.repeat(157)}, then more words`;
    expect(metaDescription(clause)).toBe(`${'a'.repeat(157)}…`);
  });

  it('cuts within a word longer than the whole, and never splits a character', () => {
    expect(metaDescription('x'.repeat(600))).toBe(`${'x'.repeat(META_DESCRIPTION_MAX_LENGTH - 1)}…`);
    const cut = metaDescription('💊'.repeat(200));
    expect(Array.from(cut)).toHaveLength(META_DESCRIPTION_MAX_LENGTH);
    expect(cut).toBe(`${'💊'.repeat(META_DESCRIPTION_MAX_LENGTH - 1)}…`);
  });
});
