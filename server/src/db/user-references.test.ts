import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../test/test-context';
import { queryRows } from './tables';

// Deleting a user makes PostgreSQL find, in every table, the rows that name them (to delete them or
// set them to null). A column with no index led by it is read whole, once per deleted user: at a
// hundred thousand orders, an admin's delete of a patient took 50 to 800 ms, most of it reading the
// order history (0112).
describe('the columns that name a user', () => {
  const ctx = useTestContext();

  it('each lead an index, so deleting a user reads only their rows', async () => {
    const rows = await queryRows(
      ctx.database.db,
      sql`
      select format('%s.%s', c.conrelid::regclass, a.attname) as reference
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = 'users'::regclass
        and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
      order by reference`,
    );
    expect(rows.map((row) => row.reference)).toEqual([]);
  });
});
