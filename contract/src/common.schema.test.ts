import { describe, expect, it } from 'vitest';
import { shopDayOf } from './common.schema';

describe("the shop's day", () => {
  // shop_today() in the database reads the UTC day, whatever the zone of the server or the reader.
  it('is the UTC day of the instant, on either side of midnight and whatever the zone an instant is written in', () => {
    expect(shopDayOf(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11-30');
    expect(shopDayOf(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12-01');
    // Evening of 30 November in Los Angeles, already 1 December at the shop.
    expect(shopDayOf(new Date('2026-11-30T17:00:00-08:00'))).toBe('2026-12-01');
  });
});
