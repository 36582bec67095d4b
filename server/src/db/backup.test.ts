import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loginResponseSchema, medicineListResponseSchema, orderResponseSchema } from '@apotheca/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { addToCart } from '../features/cart/cart.fixtures';
import { insertMedicine } from '../features/medicines/medicines.fixtures';
import { createFreshPgDatabase } from '../test/fresh-pg-database';
import { testConfig, type TestContext } from '../test/test-app';
import { createTestUser, TEST_PASSWORD } from '../test/test-users';
import { BackupError, backupFileName, restoreBackup, writeBackup } from './backup';
import { openDatabase, openPg, type Database } from './client';
import { runningEmbeddedPostgres } from './embedded-postgres';
import { orderItems, orders, storedFiles } from './schema';
import { putFiles } from './stored-files';
import { prepareDatabase } from '../startup/startup';

const tempDirs: string[] = [];
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `apotheca-${name}-`));
  tempDirs.push(dir);
  return dir;
};
/** The shop as `npm start` runs it on a DATA_DIR: migrated, with its admin, serving through inject. */
async function startShop(database: Database, dataDir: string): Promise<TestContext> {
  const config = testConfig(dataDir);
  await prepareDatabase(database, config);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return { app, database, config, close: () => app.close() };
}

const digestsOf = async (database: Database) =>
  new Map(
    (await database.db.select({ path: storedFiles.path, body: storedFiles.body }).from(storedFiles)).map((file) => [
      file.path,
      createHash('sha256').update(file.body).digest('hex'),
    ]),
  );
const itemCounts = async (database: Database) =>
  new Map(
    (
      await database.db
        .select({ orderId: orderItems.orderId, items: count() })
        .from(orderItems)
        .groupBy(orderItems.orderId)
    ).map((row) => [row.orderId, row.items]),
  );
const orderIds = async (database: Database) =>
  new Set((await database.db.select({ id: orders.id }).from(orders)).map((order) => order.id));

describe('backup and restore of the whole shop', () => {
  let source: TestContext;
  let sourceDir: string;
  let shopper: { email: string; headers: { authorization: string } };
  let medicineIds: string[];
  let backupFile: string;
  /** Orders whose 201 arrived before the backup began. */
  let acknowledgedBefore: string[];

  beforeAll(async () => {
    sourceDir = tempDir('backup-source');
    const dataDir = sourceDir;
    source = await startShop(await openDatabase({ databaseUrl: undefined, dataDir }), dataDir);
    const first = await insertMedicine(source, { name: 'Backupol', stock: 100_000 });
    const second = await insertMedicine(source, { name: 'Restorin', stock: 100_000 });
    medicineIds = [first.id, second.id];
    await putFiles(source.database.db, [
      { path: '/uploads/medicines/backupol-640.webp', contentType: 'image/webp', body: randomBytes(200_000) },
      { path: '/uploads/medicines/restorin-640.webp', contentType: 'image/webp', body: randomBytes(3_000) },
      { path: '/prescriptions/scan.pdf', contentType: 'application/pdf', body: randomBytes(2_500_000) },
    ]);
    const created = await createTestUser(source);
    shopper = { email: created.user.email, headers: created.headers };
  });
  afterAll(async () => {
    await source?.close();
    for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Each shopper of the stream orders both medicines, again and again, until told to stop. */
  async function orderStream(shoppers: number, stop: { now: boolean }, acknowledged: string[]) {
    const buyers = await Promise.all(Array.from({ length: shoppers }, () => createTestUser(source)));
    await Promise.all(
      buyers.map(async ({ headers }) => {
        while (!stop.now) {
          for (const id of medicineIds) await addToCart(source, headers, id, 1);
          const response = await source.app.inject({ method: 'POST', url: '/api/orders/add-order', headers });
          expect(response.statusCode, response.body).toBe(201);
          acknowledged.push(orderResponseSchema.parse(response.json()).order._id);
        }
      }),
    );
  }

  it('taken during a stream of orders, restores into a fresh DATA_DIR whole: orders, files, a working shop', async () => {
    const stop = { now: false };
    const acknowledged: string[] = [];
    const stream = orderStream(4, stop, acknowledged);
    let written: Awaited<ReturnType<typeof writeBackup>> | undefined;
    try {
      while (acknowledged.length < 8) await new Promise((resolve) => setTimeout(resolve, 20));
      acknowledgedBefore = [...acknowledged];
      backupFile = path.join(tempDir('backups'), backupFileName(new Date()));
      // As `npm run backup` does beside a running shop: through the shop's own PostgreSQL.
      const beside = openPg(runningEmbeddedPostgres(sourceDir)!, { poolSize: 1 });
      try {
        written = await writeBackup(beside, backupFile);
      } finally {
        await beside.close();
      }
    } finally {
      stop.now = true;
      await stream;
    }
    expect(written?.rows).toBeGreaterThan(0);
    expect(fs.statSync(backupFile).mode & 0o077).toBe(0);

    const dataDir = tempDir('backup-restored');
    const target = await openDatabase({ databaseUrl: undefined, dataDir });
    await restoreBackup(target, backupFile, 'DATA_DIR');
    const restored = await startShop(target, dataDir);
    try {
      const ids = await orderIds(restored.database);
      for (const id of acknowledgedBefore) expect(ids.has(id), id).toBe(true);
      // Every order is there whole: both its items, as in the shop it came from.
      const sourceItems = await itemCounts(source.database);
      for (const [orderId, items] of await itemCounts(restored.database)) {
        expect(items).toBe(2);
        expect(sourceItems.get(orderId)).toBe(2);
      }
      expect([...(await itemCounts(restored.database)).keys()].sort()).toEqual([...ids].sort());
      expect(await digestsOf(restored.database)).toEqual(await digestsOf(source.database));

      const login = await restored.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: shopper.email, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const headers = { authorization: `Bearer ${loginResponseSchema.parse(login.json()).token}` };
      const search = await restored.app.inject({ method: 'GET', url: '/api/medicines?q=Restorin' });
      expect(medicineListResponseSchema.parse(search.json()).medicines.map((m) => m.name)).toEqual(['Restorin']);
      await addToCart(restored, headers, medicineIds[0]!, 1);
      const placed = await restored.app.inject({ method: 'POST', url: '/api/orders/add-order', headers });
      expect(placed.statusCode, placed.body).toBe(201);
    } finally {
      await restored.close();
    }
  }, 480_000);

  it('goes from the embedded default into a PostgreSQL server database and back, row for row', async () => {
    // The route tests' server: DATABASE_URL's, or else the run's own embedded PostgreSQL, reached by URL alike.
    const fresh = await createFreshPgDatabase(inject('testDatabase').serverUrl);
    try {
      const server = openPg(fresh.url, { poolSize: 2 });
      const again = path.join(path.dirname(backupFile), 'from-server.backup.gz');
      try {
        await restoreBackup(server, backupFile, 'the database');
        await writeBackup(server, again);
      } finally {
        await server.close();
      }
      const dataDir = tempDir('backup-back');
      const back = await openDatabase({ databaseUrl: undefined, dataDir });
      try {
        await restoreBackup(back, again, 'DATA_DIR');
        const firstRestore = await openDatabase({ databaseUrl: undefined, dataDir: tempDir('backup-direct') });
        try {
          await restoreBackup(firstRestore, backupFile, 'DATA_DIR');
          expect(await orderIds(back)).toEqual(await orderIds(firstRestore));
          expect(await itemCounts(back)).toEqual(await itemCounts(firstRestore));
          expect(await digestsOf(back)).toEqual(await digestsOf(firstRestore));
          for (const id of acknowledgedBefore) expect((await orderIds(back)).has(id)).toBe(true);
        } finally {
          await firstRestore.close();
        }
      } finally {
        await back.close();
      }
    } finally {
      await fresh.drop();
    }
  }, 480_000);

  it('refuses a folder it cannot write in one line, naming it and what to set, with no stack of a mkdir', async () => {
    const notAFolder = path.join(tempDir('backup-dir-a-file'), 'backups');
    fs.writeFileSync(notAFolder, '');
    const written = writeBackup(source.database, path.join(notAFolder, 'shop.backup.gz'));
    await expect(written).rejects.toThrow(BackupError);
    await expect(written).rejects.toThrow(
      new RegExp(
        `^The backup cannot be written in ${notAFolder} \\(EEXIST: .*\\): set BACKUP_DIR, or give npm run backup a FILE, in a directory this user may create and write\\.$`,
      ),
    );
  });

  it('refuses a target that holds a shop, with a message, and leaves it unchanged', async () => {
    const before = { orders: await orderIds(source.database), files: await digestsOf(source.database) };
    await expect(restoreBackup(source.database, backupFile, 'DATA_DIR (/srv/shop)')).rejects.toThrow(BackupError);
    await expect(restoreBackup(source.database, backupFile, 'DATA_DIR (/srv/shop)')).rejects.toThrow(
      /^DATA_DIR \(\/srv\/shop\) already holds a shop \(its table \w+ has rows\), so nothing was restored\./,
    );
    expect(await orderIds(source.database)).toEqual(before.orders);
    expect(await digestsOf(source.database)).toEqual(before.files);
  });
});
