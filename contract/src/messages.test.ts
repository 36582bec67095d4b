import { describe, expect, it } from 'vitest';
import { ROLE } from './constants';
import { roleChangedMessage } from './messages';

describe('roleChangedMessage', () => {
  it('names the new role as a sentence does, with its article', () => {
    expect(roleChangedMessage('Phil Pharma', ROLE.pharmacist)).toBe('Phil Pharma is now a pharmacist.');
    expect(roleChangedMessage('Ada Min', ROLE.admin)).toBe('Ada Min is now an admin.');
    expect(roleChangedMessage('Ann Shopper', ROLE.user)).toBe('Ann Shopper is now a shopper.');
  });
});
