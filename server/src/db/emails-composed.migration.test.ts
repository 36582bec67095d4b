import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useEarlierDatabase } from '../test/earlier-migrations';
import { users } from './schema';

describe('e-mails stored before they were composed', () => {
  // The database starts at the migrations before e-mails were stored composed (NFC).
  const earlier = useEarlierDatabase('0032_order_history_actor_role');

  it('are stored composed, as patients’ typing now is; one whose composed form is taken is left as it was', async () => {
    const { db } = earlier.database;
    const patient = (email: string) => ({
      firstName: 'Jose',
      lastName: 'Patient',
      email,
      phNo: '0123456789',
      passwordHash: 'x',
    });
    // "josé" as an e and a combining accent; "rené" twice, once in each form: two accounts already.
    await db
      .insert(users)
      .values([
        patient('jose\u0301@example.com'),
        patient('rene\u0301@example.com'),
        patient('ren\u00e9@example.com'),
        patient('ada@example.com'),
      ]);

    await earlier.database.migrate();

    const emails = await db.select({ email: users.email }).from(users).orderBy(asc(users.createdAt), asc(users.email));
    expect(emails.map(({ email }) => email).sort()).toEqual(
      ['ada@example.com', 'jos\u00e9@example.com', 'rene\u0301@example.com', 'ren\u00e9@example.com'].sort(),
    );
  });
});
