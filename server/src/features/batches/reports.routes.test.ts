import {
  EXPIRY_WINDOW_MESSAGE,
  REORDER_LEVEL_MESSAGE,
  ROLE,
  type ExpiryReport,
  type LowStockReport,
  type ReportBatch,
} from '@apotheca/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPg } from '../../db/client';
import { batches } from '../../db/schema';
import { useTestContext } from '../../test/test-context';
import { createTestUser, useTestUsers, type AuthHeaders } from '../../test/test-users';
import { insertMedicine } from '../medicines/medicines.fixtures';
import { salesReport } from '../reports/reports.service';
import { medicineWithBatches, onDay, type Delivery } from './batches.fixtures';
import { expiryReport } from './batches.service';

// The expiry and low-stock reports and the reorder level, on a database of their own so that each
// report lists exactly what these tests stocked.

const ctx = useTestContext();
const { admin, pharmacist } = useTestUsers(ctx, { admin: ROLE.admin, pharmacist: ROLE.pharmacist });

const get = (url: string, headers: AuthHeaders = pharmacist) => ctx.app.inject({ method: 'GET', url, headers });
const lots = (rows: ReportBatch[]) => rows.map((row) => row.lot);
const setReorderLevel = (id: string, reorderLevel: unknown, headers: AuthHeaders = admin) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/medicines/${id}/reorder-level`, headers, payload: { reorderLevel } });

describe('the expiry report', () => {
  it('lists what expires within 30, 60 or 90 days and what has expired, a page at a time, until written off', async () => {
    const today = '2030-01-01';
    /** A lot of `quantity` units that expires `days` after today (before it when negative). */
    const lotIn = (lot: string, days: number, quantity: number): Delivery => ({
      lot,
      expiresOn: new Date(Date.parse(today) + days * 86_400_000).toISOString().slice(0, 10),
      quantity,
    });
    await onDay(ctx, today, async () => {
      const { medicine, ids } = await medicineWithBatches(ctx, admin, [
        lotIn('D20', 20, 5),
        lotIn('D50', 50, 5),
        lotIn('D80', 80, 5),
        lotIn('D200', 200, 5),
        lotIn('EMPTY', 9, 1),
        lotIn('OLD', -12, 4),
        lotIn('TODAY', 0, 3),
      ]);
      const emptied = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/medicines/${medicine.id}/batches/${ids.EMPTY}`,
        headers: admin,
        payload: { quantity: 0, reason: 'Counted none' },
      });
      expect(emptied.statusCode, emptied.body).toBe(200);
      const report = async (query: string) => {
        const response = await get(`/api/reports/expiry?${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<ExpiryReport>();
      };

      const thirty = await report('days=30');
      expect(thirty).toMatchObject({ days: 30, expiringTotal: 1, expiredTotal: 2 });
      expect(lots(thirty.expiring)).toEqual(['D20']);
      expect(thirty.expiring[0]!.medicine).toEqual({ _id: medicine.id, name: medicine.name });
      // A batch is expired on its expiry date, first expiry first.
      expect(lots(thirty.expired)).toEqual(['OLD', 'TODAY']);
      expect(lots((await report('days=60')).expiring)).toEqual(['D20', 'D50']);
      expect(lots((await report('days=90')).expiring)).toEqual(['D20', 'D50', 'D80']);

      const second = await report('days=90&limit=1&expiringPage=2&expiredPage=2');
      expect(second).toMatchObject({ expiringTotal: 3, expiredTotal: 2 });
      expect(lots(second.expiring)).toEqual(['D50']);
      expect(lots(second.expired)).toEqual(['TODAY']);

      const writtenOff = await ctx.app.inject({
        method: 'POST',
        url: `/api/medicines/${medicine.id}/batches/${ids.OLD}/write-off`,
        headers: admin,
        payload: { reason: 'Expired on the shelf' },
      });
      expect(writtenOff.statusCode, writtenOff.body).toBe(200);
      const after = await report('days=30');
      expect(lots(after.expired)).toEqual(['TODAY']);
      expect(after.expiredTotal).toBe(1);
    });
  });

  it('refuses a page or a limit that is not a whole number in range, in the one error shape', async () => {
    const zero = await get('/api/reports/expiry?limit=0');
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({
      message: 'limit must be at least 1.',
      errors: { limit: 'limit must be at least 1.' },
    });
    const tooMany = await get('/api/reports/low-stock?limit=101');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ limit: 'limit must be at most 100.' });
    const page = await get('/api/reports/low-stock?page=x');
    expect(page.statusCode).toBe(400);
    expect(page.json().errors).toEqual({ page: 'page must be a whole number.' });
  });

  it('refuses a window other than 30, 60 or 90 days rather than answering for 30', async () => {
    for (const days of ['-1', '45', '999999999', 'soon']) {
      const response = await get(`/api/reports/expiry?days=${days}`);
      expect(response.statusCode, days).toBe(400);
      expect(response.json()).toEqual({ message: EXPIRY_WINDOW_MESSAGE, errors: { days: EXPIRY_WINDOW_MESSAGE } });
    }
    expect((await get('/api/reports/expiry')).json<ExpiryReport>().days).toBe(30);
  });
});

describe('the low-stock report and the reorder level', () => {
  it('lists medicines below their own reorder level, least stocked first, as the admin sets the levels', async () => {
    const scarce = await insertMedicine(ctx, { stock: 3 });
    const plenty = await insertMedicine(ctx, { stock: 50 });
    const report = async (query = '') => {
      const response = await get(`/api/reports/low-stock${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<LowStockReport>();
    };
    const ids = (found: LowStockReport) => found.medicines.map((medicine) => medicine._id);
    // Each medicine starts at the default level of 10; the expiry test's medicine holds more than that.
    expect(await report()).toEqual({
      medicines: [{ _id: scarce.id, name: scarce.name, stock: 3, reorderLevel: 10 }],
      total: 1,
    });

    const raised = await setReorderLevel(plenty.id, 60);
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json()).toEqual({ medicine: { _id: plenty.id, name: plenty.name, stock: 50, reorderLevel: 60 } });
    expect(ids(await report())).toEqual([scarce.id, plenty.id]);
    const second = await report('?limit=1&page=2');
    expect(second).toMatchObject({ total: 2 });
    expect(ids(second)).toEqual([plenty.id]);

    // A form's text counts as its number; 0 takes a medicine off the report for good.
    expect((await setReorderLevel(scarce.id, '0')).json().medicine.reorderLevel).toBe(0);
    expect(ids(await report())).toEqual([plenty.id]);
  });

  it('lets only an admin set a reorder level, to a whole number from 0, of a medicine that exists', async () => {
    const medicine = await insertMedicine(ctx, { stock: 5 });
    const patient = (await createTestUser(ctx)).headers;
    expect((await setReorderLevel(medicine.id, 4, pharmacist)).statusCode).toBe(403);
    expect((await setReorderLevel(medicine.id, 4, patient)).statusCode).toBe(403);
    expect((await setReorderLevel(medicine.id, 4, {})).statusCode).toBe(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const unknown = await setReorderLevel(id, 4);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Medicine not found' });
    }
    for (const bad of [-1, 2.5, 100001, 'many', '', null]) {
      const refused = await setReorderLevel(medicine.id, bad);
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json()).toEqual({
        message: REORDER_LEVEL_MESSAGE,
        errors: { reorderLevel: REORDER_LEVEL_MESSAGE },
      });
    }
    const missing = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/medicines/${medicine.id}/reorder-level`,
      headers: admin,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ reorderLevel: REORDER_LEVEL_MESSAGE });
    // Nothing was stored but by the admin's own valid calls: the level is still the default.
    const { medicines } = (await get('/api/reports/low-stock')).json<LowStockReport>();
    expect(medicines.find((row) => row._id === medicine.id)).toMatchObject({ stock: 5, reorderLevel: 10 });
  });
});

describe("the shop's day", () => {
  it('is the UTC day the sales report reads, whatever the time zone of the database session', async () => {
    const { medicine, ids } = await medicineWithBatches(ctx, admin, [
      { lot: 'TODAY', expiresOn: '2099-01-01', quantity: 2 },
      { lot: 'TOMORROW', expiresOn: '2099-01-01', quantity: 3 },
    ]);
    const { to: today } = await salesReport(ctx.database.db, 1);
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
    await ctx.database.db.update(batches).set({ expiresOn: today }).where(eq(batches.id, ids.TODAY!));
    await ctx.database.db.update(batches).set({ expiresOn: tomorrow }).where(eq(batches.id, ids.TOMORROW!));
    const own = (rows: ReportBatch[]) => lots(rows.filter((row) => row.medicine._id === medicine.id));

    // A server not set to UTC gives its connections its own zone. These two are 26 hours apart: at
    // any moment, at least one of them is on another day than UTC.
    for (const zone of ['Etc/GMT+12', 'Pacific/Kiritimati']) {
      const url = new URL(ctx.config.databaseUrl!);
      url.searchParams.set('options', `-c TimeZone=${zone}`);
      const zoned = openPg(url.toString(), { poolSize: 1 });
      try {
        const report = await expiryReport(zoned.db, { days: 30, expiringPage: 1, expiredPage: 1, limit: 100 });
        expect({ expired: own(report.expired), expiring: own(report.expiring) }, zone).toEqual({
          expired: ['TODAY'],
          expiring: ['TOMORROW'],
        });
      } finally {
        await zoned.close();
      }
    }
  });
});
