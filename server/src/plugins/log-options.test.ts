import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { ROLE } from '@apotheca/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';
import { createTestUser } from '../test/test-users';
import { HOME_ADDRESS } from '../features/addresses/addresses.fixtures';
import { addToCart } from '../features/cart/cart.fixtures';
import { insertMedicine } from '../features/medicines/medicines.fixtures';
import { PDF_SCAN, uploadPrescription } from '../features/prescriptions/prescriptions.fixtures';
import { prettyLogStream } from './log-options';

// Secrets never reach the log: not a password, a password hash, a bearer token nor a reset token,
// whether a request fails in the database or a password is reset through the outbox.

let ctx: TestContext;
const lines: string[] = [];
const log = () => lines.join('');

beforeAll(async () => {
  ctx = await createTestContext({ logLevel: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  // Makes one registration fail in the database, the way a broken disk or a lost race would.
  await ctx.database.db.execute(
    sql`alter table users add constraint users_test_refusal check (first_name <> 'Refused')`,
  );
});
afterAll(async () => {
  await ctx.close();
});

describe('the log', () => {
  it('names the database failure of a register by code and constraint, never its values', async () => {
    const password = 'Leaky@Secret42';
    const email = 'leak-probe@example.com';
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { first_name: 'Refused', last_name: 'Probe', email, password, ph_no: '0123456789' },
    });
    expect(response.statusCode).toBe(500);
    expect(log()).toContain('"code":"23514"');
    expect(log()).toContain('"constraint":"users_test_refusal"');
    expect(log()).not.toContain(password);
    expect(log()).not.toContain('scrypt$');
    expect(log()).not.toContain(email);
  });

  it('holds no token, password or hash through a whole password reset', async () => {
    const { user, token: session } = await createTestUser(ctx);
    const outbox = path.join(ctx.config.dataDir, 'outbox');
    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    // The answer comes first; the mail follows it through the outbox, and is logged once written.
    await vi.waitFor(() => expect(log()).toContain('mail written to the outbox'));
    const [file] = fs.readdirSync(outbox);
    const mail = fs.readFileSync(path.join(outbox, file!), 'utf8').replace(/=\r?\n/g, '');
    const [, token] = /reset-password\/[^/\s"<]+\/([A-Za-z0-9_-]+)/.exec(mail)!;
    const newPassword = 'Renewed@2026';

    expect((await ctx.app.inject({ method: 'POST', url: `/api/auth/validate-token/${token}` })).json()).toEqual({
      status: true,
    });
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${user.id}/${token}`,
      payload: { newPassword },
    });
    expect(reset.statusCode).toBe(200);
    await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${session}` } });

    expect(log()).toContain(file!); // the outbox mail is logged by its path
    // …and by its row, never by whom it is to or its subject: a recall's or a prescription's names a
    // patient's medicine, and the log is kept by the service manager for anyone who reads it.
    expect(log()).not.toContain(user.email);
    expect(log()).toContain(`/api/auth/validate-token/[redacted]`);
    expect(log()).toContain(`/api/auth/reset-password/${user.id}/[redacted]`);
    for (const secret of [token!, newPassword, session, 'scrypt$']) expect(log()).not.toContain(secret);
  });
  it('holds no value a query string carried: a patient searched for by e-mail or phone, a token', async () => {
    const { headers } = await createTestUser(ctx, { role: ROLE.admin });
    const email = 'query-probe@example.com';
    const phone = '0198765432';
    for (const url of [
      `/api/auth/get-all-users?search=${encodeURIComponent(email)}`,
      `/api/orders?search=${phone}&page=2`,
      `/reset-password?token=query-secret-token&email=${email}`,
    ])
      await ctx.app.inject({ method: 'GET', url, headers });

    for (const secret of [email, encodeURIComponent(email), phone, 'query-secret-token'])
      expect(log()).not.toContain(secret);
    // Which route and which parameters were asked stays readable.
    expect(log()).toContain('/api/orders?search=[redacted]&page=[redacted]');
  });
});

describe("the log of a patient's order", () => {
  it('holds no e-mail, name, medicine, prescription note or search term, from the search to the review and its mail', async () => {
    const medicineName = 'Serenalix Probe 50 mg';
    const note = 'Not signed for the epilepsy dose';
    const patient = await createTestUser(ctx, { firstName: 'Probity', lastName: 'Loggins' });
    const pharmacist = await createTestUser(ctx, { role: ROLE.pharmacist });
    const medicine = await insertMedicine(ctx, { name: medicineName, prescriptionRequired: true });
    const mailsBefore = log().split('mail written to the outbox').length;

    await ctx.app.inject({ method: 'GET', url: `/api/medicines?search=${encodeURIComponent('Serenalix')}` });
    await ctx.app.inject({ method: 'GET', url: '/api/medicines/suggestions?q=Serenalix' });
    await addToCart(ctx, patient.headers, medicine.id);
    const prescriptionId = (await uploadPrescription(ctx, patient.headers, PDF_SCAN)).json().prescription._id;
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/add-order',
      headers: patient.headers,
      payload: { prescriptionId, address: HOME_ADDRESS },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order._id;
    await ctx.app.inject({
      method: 'GET',
      url: `/api/prescriptions/${prescriptionId}/file`,
      headers: pharmacist.headers,
    });
    const review = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/prescription-review`,
      headers: pharmacist.headers,
      payload: { decision: 'reject', note },
    });
    expect(review.statusCode, review.body).toBe(200);
    await ctx.app.inject({
      method: 'GET',
      url: `/api/orders?search=${patient.user.email}`,
      headers: pharmacist.headers,
    });
    // The confirmation and the rejection, each logged by its file once written.
    await vi.waitFor(() => expect(log().split('mail written to the outbox').length - mailsBefore).toBe(2));

    for (const secret of [
      patient.user.email,
      'Probity',
      'Loggins',
      'Serenalix',
      note,
      HOME_ADDRESS.line1,
      HOME_ADDRESS.phone,
    ])
      expect(log()).not.toContain(secret);
    // The requests themselves were logged, by route and parameter names.
    expect(log()).toContain('/api/medicines/suggestions?q=[redacted]');
    expect(log()).toContain(`/api/orders/${orderId}/prescription-review`);
  });
});

describe('the log at a terminal', () => {
  it('is one short line per request and per answer, with no JSON', async () => {
    let printed = '';
    const terminal = new Writable({
      write(chunk: Buffer, _encoding, done) {
        printed += chunk.toString();
        done();
      },
    });
    const pretty = await createTestContext({ logLevel: 'info' }, { logStream: prettyLogStream(terminal) });
    try {
      await pretty.app.inject({ method: 'GET', url: '/api/health' });
    } finally {
      await pretty.close();
    }
    const lines = printed.split('\n').filter((line) => line.includes('/api/health') || / 200 in /.test(line));
    expect(lines).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: req-\w+ GET \/api\/health$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: req-\w+ 200 in \d+ ms$/),
    ]);
  });
});
