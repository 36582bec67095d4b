import { describe, expect, it } from 'vitest';
import { unknownColumnsMessage } from './medicine-import.schema';
import { MEDICINE_FIELDS } from './medicines.schema';

const KNOWN = `The columns are ${MEDICINE_FIELDS.join(', ')}.`;
const LONG = 'QUJD'.repeat(2_000);
const CUT = `${'QUJD'.repeat(10)}…`;

describe('the message of unknown columns', () => {
  it('names each unknown column in a sentence of its own, before the known ones', () => {
    expect(unknownColumnsMessage(['colour', 'size'])).toBe(`Unknown columns: colour, size. ${KNOWN}`);
  });

  // "QUJD…." reads as a stray stop: the ellipsis ends the sentence itself.
  it('ends the sentence with the ellipsis of a name cut short, never with a second stop after it', () => {
    expect(unknownColumnsMessage([LONG])).toBe(`Unknown columns: ${CUT} ${KNOWN}`);
    expect(unknownColumnsMessage(['colour', LONG])).toBe(`Unknown columns: colour, ${CUT} ${KNOWN}`);
  });

  it('keeps the stop where a whole name or the count of the rest ends the sentence', () => {
    expect(unknownColumnsMessage([LONG, 'colour'])).toBe(`Unknown columns: ${CUT}, colour. ${KNOWN}`);
    const many = [...Array.from({ length: 5 }, () => LONG), 'colour'];
    expect(unknownColumnsMessage(many)).toBe(`Unknown columns: ${Array(5).fill(CUT).join(', ')} and 1 more. ${KNOWN}`);
  });
});
