import pg from 'pg';

let counter = 0;

/** Runs one statement on its own connection: CREATE/DROP DATABASE cannot run inside a pool's transaction. */
async function runOn(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the PostgreSQL server of `databaseUrl`, empty or a copy of `template` (a database
 * nobody is connected to); `drop` removes it again.
 */
export async function createFreshPgDatabase(
  databaseUrl: string,
  { template, prefix = 'apotheca_test' }: { template?: string; prefix?: string } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${counter++}`;
  await runOn(databaseUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => runOn(databaseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
