import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from './support/product-server';

// Issue 2's done-when, on the embedded database: a clean stop, every row kept across a restart,
// and a second process on the same DATA_DIR refused with a clear message.
describe('the server process on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-lifecycle-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('stops cleanly on SIGTERM and SIGINT, keeps every row, and refuses a second process', async () => {
    const first = await spawnServer(env);
    expect(first.output()).toContain('Seeded the demo catalogue with 222 medicines.');
    const register = await fetch(`${first.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Rita',
        last_name: 'Restart',
        email: 'rita@example.test',
        password: 'Secret@123',
        ph_no: '0123456789',
      }),
    });
    expect(register.status).toBe(201);

    const second = await spawnServer(env);
    expect(await second.stop()).toBe(1);
    expect(second.output()).toContain('already in use by another Apotheca process');
    // The refused process did not disturb the running one.
    expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);

    expect(await first.stop('SIGTERM')).toBe(0);

    const restarted = await spawnServer(env);
    expect(restarted.output()).not.toContain('Seeded the demo catalogue');
    const medicines = (await (await fetch(`${restarted.baseUrl}/api/medicines?limit=1`)).json()) as { total: number };
    expect(medicines.total).toBe(222);
    const login = await fetch(`${restarted.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'rita@example.test', password: 'Secret@123' }),
    });
    expect(login.status).toBe(200);
    expect(await restarted.stop('SIGINT')).toBe(0);
  });
});
