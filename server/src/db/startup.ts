import type { Config } from '../config';
import type { Database } from './client';
import { ensureAdmin, seedCatalogue } from './seed';

export type StartupReport = { adminCreated: boolean; medicinesSeeded: number };

/** What every start does before serving: migrate, make sure an admin exists, seed an empty catalogue. */
export async function prepareDatabase(database: Database, config: Config): Promise<StartupReport> {
  await database.migrate();
  const adminCreated = await ensureAdmin(database.db, { email: config.adminEmail, password: config.adminPassword });
  const medicinesSeeded = config.seedCatalogue ? await seedCatalogue(database.db, config.uploadsDir) : 0;
  return { adminCreated, medicinesSeeded };
}
