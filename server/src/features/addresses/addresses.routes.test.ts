import {
  ADDRESS_BOOK_FULL_MESSAGE,
  ADDRESS_BOOK_MAX,
  ADDRESS_NOT_FOUND_MESSAGE,
  addressesResponseSchema,
  addressResponseSchema,
} from '@apotheca/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addresses } from '../../db/schema';
import { waitersOnLocks } from '../../test/lock-waiters';
import { useTestContext } from '../../test/test-context';
import { createTestUser, type AuthHeaders } from '../../test/test-users';
import { HOME_ADDRESS } from './addresses.fixtures';

const ctx = useTestContext();

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: AuthHeaders, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
const list = async (headers: AuthHeaders) =>
  addressesResponseSchema.parse((await call('GET', '/addresses', headers)).json()).addresses;

describe('the address book', () => {
  it('checks an address with the form rules and their messages, and stores nothing invalid', async () => {
    const { headers } = await createTestUser(ctx);
    const response = await call('POST', '/addresses', headers, { ...HOME_ADDRESS, phone: '12345', city: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      phone: 'Phone number must be exactly 10 digits.',
      city: 'City is required.',
    });
    expect(await list(headers)).toEqual([]);
  });

  it('refuses a control character in an address, new or edited, as a 400 naming the field', async () => {
    const { headers } = await createTestUser(ctx);
    // PostgreSQL stores no NUL byte: this was a 500 before the form's rules refused it.
    const added = await call('POST', '/addresses', headers, {
      ...HOME_ADDRESS,
      name: 'Ada\u0000',
      city: 'Lon\u001bdon',
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().errors).toEqual({
      name: 'Name must not contain control characters.',
      city: 'City must not contain control characters.',
    });
    const { address } = addressResponseSchema.parse((await call('POST', '/addresses', headers, HOME_ADDRESS)).json());
    const edited = await call('PATCH', `/addresses/${address._id}`, headers, { line2: '\u0000' });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().errors).toEqual({ line2: 'Address line 2 must not contain control characters.' });
    expect(await list(headers)).toEqual([address]);
  });

  it('adds, lists, edits, makes default and deletes the caller’s addresses', async () => {
    const { headers } = await createTestUser(ctx);
    const first = await call('POST', '/addresses', headers, HOME_ADDRESS);
    expect(first.statusCode).toBe(201);
    const home = addressResponseSchema.parse(first.json()).address;
    expect(home).toMatchObject({ ...HOME_ADDRESS, line2: '', isDefault: true });

    const work = addressResponseSchema.parse(
      (await call('POST', '/addresses', headers, { ...HOME_ADDRESS, line1: '1 Work Street' })).json(),
    ).address;
    expect(work.isDefault).toBe(false);

    const edited = await call('PATCH', `/addresses/${work._id}`, headers, { line2: 'Floor 3', isDefault: true });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().address).toMatchObject({ line1: '1 Work Street', line2: 'Floor 3', isDefault: true });
    expect((await list(headers)).map(({ _id, isDefault }) => [_id, isDefault])).toEqual([
      [work._id, true],
      [home._id, false],
    ]);

    const deleted = await call('DELETE', `/addresses/${home._id}`, headers);
    expect(deleted.statusCode).toBe(200);
    expect((await list(headers)).map(({ _id }) => _id)).toEqual([work._id]);
  });

  it('makes the oldest address left the default when the default is deleted, so the book keeps one', async () => {
    const { headers } = await createTestUser(ctx);
    const add = async (line1: string) =>
      addressResponseSchema.parse((await call('POST', '/addresses', headers, { ...HOME_ADDRESS, line1 })).json())
        .address;
    const home = await add('1 Home Street');
    const work = await add('2 Work Street');
    const gym = await add('3 Gym Street');
    expect(home.isDefault).toBe(true);

    expect((await call('DELETE', `/addresses/${home._id}`, headers)).statusCode).toBe(200);
    expect((await list(headers)).map(({ _id, isDefault }) => [_id, isDefault])).toEqual([
      [work._id, true],
      [gym._id, false],
    ]);
    // Deleting one that is not the default leaves the default where it is.
    expect((await call('DELETE', `/addresses/${gym._id}`, headers)).statusCode).toBe(200);
    expect((await list(headers)).map(({ _id, isDefault }) => [_id, isDefault])).toEqual([[work._id, true]]);
  });

  it('answers 404 for another patient’s address, and changes nothing of it', async () => {
    const owner = await createTestUser(ctx);
    const other = await createTestUser(ctx);
    const { address } = addressResponseSchema.parse(
      (await call('POST', '/addresses', owner.headers, HOME_ADDRESS)).json(),
    );
    for (const response of [
      await call('PATCH', `/addresses/${address._id}`, other.headers, { city: 'Paris' }),
      await call('DELETE', `/addresses/${address._id}`, other.headers),
      await call('PATCH', '/addresses/not-an-id', other.headers, { city: 'Paris' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ADDRESS_NOT_FOUND_MESSAGE });
    }
    expect(await list(other.headers)).toEqual([]);
    expect(await list(owner.headers)).toEqual([address]);
  });

  it(`keeps at most ${ADDRESS_BOOK_MAX} addresses, also when the last place is asked for twice at once`, async () => {
    const { headers } = await createTestUser(ctx);
    for (let n = 1; n < ADDRESS_BOOK_MAX; n += 1) {
      expect(
        (await call('POST', '/addresses', headers, { ...HOME_ADDRESS, line1: `${n} Main Street` })).statusCode,
      ).toBe(201);
    }
    const lastPlace = await Promise.all(
      ['A', 'B'].map((flat) => call('POST', '/addresses', headers, { ...HOME_ADDRESS, line2: `Flat ${flat}` })),
    );
    expect(lastPlace.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const refused = lastPlace.find((response) => response.statusCode === 409)!;
    expect(refused.json()).toEqual({ message: ADDRESS_BOOK_FULL_MESSAGE });
    expect(await list(headers)).toHaveLength(ADDRESS_BOOK_MAX);
  });

  it('answers an address stored before a stricter rule as it was stored, and refuses that rule’s break in a new one', async () => {
    const { user, headers } = await createTestUser(ctx);
    // A postcode and a phone number written before the rules that now refuse them: still the patient's address.
    const stored = { ...HOME_ADDRESS, phone: '+44 20 7946 0000', postalCode: 'SW1Y/4LB', line2: '' };
    const [row] = await ctx.database.db
      .insert(addresses)
      .values({ userId: user.id, ...stored, isDefault: true })
      .returning();
    const listed = await call('GET', '/addresses', headers);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().addresses).toMatchObject([{ _id: row!.id, ...stored }]);

    const renamed = await call('PATCH', `/addresses/${row!.id}`, headers, { name: 'Ada King' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().address).toMatchObject({ ...stored, name: 'Ada King' });

    const copied = await call('POST', '/addresses', headers, stored);
    expect(copied.statusCode).toBe(400);
    expect(Object.keys(copied.json().errors).sort()).toEqual(['phone', 'postalCode']);
  });

  it('makes one of two addresses made the default at once the default, with no server error', async () => {
    const { headers } = await createTestUser(ctx);
    const add = async (line1: string) =>
      addressResponseSchema.parse((await call('POST', '/addresses', headers, { ...HOME_ADDRESS, line1 })).json())
        .address;
    const home = await add('1 Home Street');
    const [work, gym] = [await add('2 Work Street'), await add('3 Gym Street')];
    const { calls } = await ctx.database.db.transaction(async (tx) => {
      // The default is held, as a write of it holds it, until both calls wait for it.
      await tx.select().from(addresses).where(eq(addresses.id, home._id)).for('update');
      const calls = Promise.all(
        [work, gym].map(({ _id }) => call('PATCH', `/addresses/${_id}`, headers, { isDefault: true })),
      );
      await waitersOnLocks(ctx, 2);
      // Wrapped: a promise returned as such would be awaited before the lock is let go.
      return { calls };
    });
    expect((await calls).map((response) => response.statusCode)).toEqual([200, 200]);
    const defaults = (await list(headers)).filter(({ isDefault }) => isDefault).map(({ _id }) => _id);
    expect(defaults).toHaveLength(1);
    expect([work._id, gym._id]).toContain(defaults[0]);
  });

  it('needs a login', async () => {
    expect((await call('GET', '/addresses', {})).statusCode).toBe(401);
  });
});
