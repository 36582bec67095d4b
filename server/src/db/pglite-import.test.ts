import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Medicine, Order } from '@apotheca/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, openPglite, type Database } from './client';
import { prepareDatabase } from '../startup/startup';

/** A digest of every stored file's bytes (medicine images, prescriptions), in path order. */
async function filesDigest(database: Database): Promise<string> {
  const { rows } = (await database.db.execute(
    sql`select md5(string_agg(path || md5(body), ',' order by path)) as digest from stored_files`,
  )) as { rows: { digest: string }[] };
  return rows[0]!.digest;
}

const shopper = { email: 'paula@example.test', password: 'Secret@123' };
const admin = { email: 'admin@apotheca.test', password: 'Admin@pass-1234' };

/** The shop's API on `database`, through inject, as one shopper sees it. */
async function shopOn(database: Database, config: ReturnType<typeof loadConfig>) {
  const app = await buildApp({ config, database, logger: false });
  let token: string | undefined;
  const call = async <T>(url: string, payload?: object) => {
    const response = await app.inject({
      method: payload ? 'POST' : 'GET',
      url: `/api${url}`,
      ...(payload && { payload }),
      ...(token && { headers: { authorization: `Bearer ${token}` } }),
    });
    return { status: response.statusCode, json: response.json<T>() };
  };
  return {
    call,
    login: async (who = shopper) => {
      const login = await call<{ token: string }>('/auth/login', who);
      token = login.json.token;
      return login.status;
    },
    /** Puts `quantity` of a medicine sold without prescription in the cart and orders it. */
    order: async (quantity: number) => {
      const { medicines } = (await call<{ medicines: Medicine[] }>('/medicines?limit=50')).json;
      const medicine = medicines.find((m) => m.stock > 0 && !m.prescriptionRequired)!;
      await call('/cart/add', { medicineId: medicine._id, quantity });
      return call<{ order: Order }>('/orders/add-order', {});
    },
    close: () => app.close(),
  };
}

describe('upgrading a DATA_DIR of the PGlite versions', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-upgrade-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    SCRYPT_COST: '10',
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  // Two databases are started and the demo catalogue is seeded with its images: a minute on a busy machine.
  it(
    'brings every user and order into the embedded PostgreSQL, and keeps the PGlite data aside',
    { timeout: 180_000 },
    async () => {
      // What versions before the embedded PostgreSQL left: PGlite in DATA_DIR/pgdata, with an order.
      const earlier = await openPglite({ dataDir });
      await prepareDatabase(earlier, config);
      const before = await shopOn(earlier, config);
      await before.call('/auth/register', { first_name: 'Paula', last_name: 'Prior', ph_no: '0123456789', ...shopper });
      await before.login();
      const placed = await before.order(2);
      expect(placed.status).toBe(201);
      const files = await filesDigest(earlier);
      await before.close();

      const database = await openDatabase({ databaseUrl: undefined, dataDir });
      let after: Awaited<ReturnType<typeof shopOn>> | undefined;
      try {
        const report = await prepareDatabase(database, config);
        after = await shopOn(database, config);
        expect(report.pgliteImport?.rows).toBeGreaterThan(0);
        expect(report.medicinesSeeded).toBe(0);
        expect(await filesDigest(database)).toBe(files);
        expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
        expect(fs.existsSync(path.join(report.pgliteImport!.keptAs, 'PG_VERSION'))).toBe(true);

        expect(await after.login()).toBe(200);
        const { orders } = (await after.call<{ orders: Order[] }>('/orders/my-orders')).json;
        expect(orders.map((order) => order._id)).toEqual([placed.json.order._id]);
        expect(orders[0]!.items[0]!.quantity).toBe(2);
        // The shop goes on where it stopped.
        expect((await after.order(1)).status).toBe(201);
        // The staff list counts the imported order with the new one: its total is kept by the database.
        expect(await after.login(admin)).toBe(200);
        const list = (await after.call<{ orders: Order[]; total: number }>('/orders')).json;
        expect(list.total).toBe(2);
        expect(list.orders).toHaveLength(2);
      } finally {
        // Closing the app closes its database, which stops the embedded PostgreSQL.
        await (after ? after.close() : database.close());
      }
    },
  );
});
