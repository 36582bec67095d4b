import type { Config } from '../config';
import type { Database } from './client';
import { importMedicineImageFiles } from '../features/medicines/medicine-image.service';
import { ensureAdmin, seedCatalogue } from './seed';

export type StartupReport = { adminCreated: boolean; medicinesSeeded: number };

/**
 * What every start does before serving: migrate, move image files of an earlier version into the
 * database, make sure an admin exists, seed an empty catalogue.
 */
export async function prepareDatabase(database: Database, config: Config): Promise<StartupReport> {
  await database.migrate();
  await importMedicineImageFiles(database.db, config.uploadsDir);
  const adminCreated = await ensureAdmin(database.db, { email: config.adminEmail, password: config.adminPassword });
  const medicinesSeeded = config.seedCatalogue ? await seedCatalogue(database.db) : 0;
  return { adminCreated, medicinesSeeded };
}
