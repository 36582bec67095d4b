import { describe, expect, it, vi } from 'vitest';
import type * as Constants from './constants';
import { PRESCRIPTION_FILE_HINT, PRESCRIPTION_FILE_TYPE_MESSAGE } from './prescriptions.schema';

// A type added to the one list of the types the server takes, with its name and endings, is named by
// the server's refusal and the picker's hint alike, with no wording written again.
vi.mock('./constants', async (importOriginal) => {
  const constants = await importOriginal<typeof Constants>();
  return {
    ...constants,
    PRESCRIPTION_FILE_TYPES: [...constants.PRESCRIPTION_FILE_TYPES, 'image/avif'],
    PRESCRIPTION_FILE_FORMATS: {
      ...constants.PRESCRIPTION_FILE_FORMATS,
      'image/avif': { name: 'AVIF', extensions: ['.avif'] },
    },
  };
});

describe('the prescription file messages', () => {
  it('name every type of the list, in its order', () => {
    expect(PRESCRIPTION_FILE_TYPE_MESSAGE).toBe('The prescription must be a JPEG, PNG, WebP, PDF or AVIF file.');
    expect(PRESCRIPTION_FILE_HINT).toBe('JPEG, PNG, WebP, PDF or AVIF, up to 10 MB.');
  });
});
