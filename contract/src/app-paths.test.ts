import { describe, expect, it } from 'vitest';
import {
  adminOrderPath,
  adminPrescriptionPath,
  adminRecallPath,
  cataloguePath,
  medicinePath,
  pagedPath,
  PATHS,
  resetPasswordPath,
} from './app-paths';

describe('app paths', () => {
  it('fills a pattern with encoded params', () => {
    expect(medicinePath('abc')).toBe('/medicines/abc');
    expect(resetPasswordPath('u1', 'a/b')).toBe('/reset-password/u1/a%2Fb');
    expect(adminOrderPath('o 1')).toBe('/admin/orders/o%201');
    expect(adminPrescriptionPath('o 1')).toBe('/admin/prescriptions/o%201');
    expect(adminRecallPath('b 1')).toBe('/admin/recalls/b%201');
  });

  it('puts the catalogue filters in the query, and nothing when there are none', () => {
    expect(cataloguePath()).toBe(PATHS.medicines);
    expect(cataloguePath({ category: 'Pain Relief', page: 2 })).toBe('/medicines?category=Pain+Relief&page=2');
    expect(cataloguePath(new URLSearchParams('sort=price_asc'))).toBe('/medicines?sort=price_asc');
  });

  it('keeps page 1 of a list at the bare path', () => {
    expect(pagedPath(PATHS.adminOrders, 1)).toBe('/admin/orders');
    expect(pagedPath(PATHS.adminOrders, 3)).toBe('/admin/orders?page=3');
  });
});
