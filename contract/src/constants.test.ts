import { describe, expect, it } from 'vitest';
import { formatPrice } from './constants';

describe('a price as the shop writes it', () => {
  // A patient reads a total of a thousand dollars or more at a glance only with its thousands grouped.
  it('groups thousands with commas and always shows 2 decimals', () => {
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    expect(formatPrice(21_474_836.47)).toBe('$21,474,836.47');
    expect(formatPrice(999.99)).toBe('$999.99');
    expect(formatPrice(0.05)).toBe('$0.05');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(-0.001)).toBe('$0.00');
  });

  it('rounds to the cent', () => {
    expect(formatPrice(1.005 + 0.0001)).toBe('$1.01');
    expect(formatPrice((61_725 * 2) / 100)).toBe('$1,234.50');
  });
});
