import { describe, expect, it } from 'vitest';
import { apiPath } from './api';

describe('apiPath', () => {
  it('keeps each value one segment of the path, whatever characters it holds', () => {
    expect(apiPath`/medicines/${'a/b?c'}/batches/${'lot #1'}`).toBe('/medicines/a%2Fb%3Fc/batches/lot%20%231');
    expect(apiPath`/cart/clear`).toBe('/cart/clear');
  });
});
