import pg from 'pg';

let counter = 0;

/** A new, empty database on the PostgreSQL server of `databaseUrl`; `drop` removes it again. */
export async function createFreshPgDatabase(databaseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `apotheca_test_${process.pid}_${Date.now()}_${counter++}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
