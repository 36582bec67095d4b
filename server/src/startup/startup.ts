import type { Config } from '../config';
import type { Database } from '../db/client';
import { importMedicineImageFiles } from '../features/medicines/medicine-image.service';
import { importPgliteDataDir, type PgliteImport } from '../db/pglite-import';
import { ensureAdmin, seedCatalogue, type EnsuredAdmin } from './seed';

export type StartupReport = { admin: EnsuredAdmin; medicinesSeeded: number; pgliteImport?: PgliteImport };

/**
 * What every start does before serving: migrate, bring the data of an earlier version into the
 * database (PGlite's directory, image files), make sure an admin exists, seed an empty catalogue.
 */
export async function prepareDatabase(database: Database, config: Config): Promise<StartupReport> {
  await database.migrate();
  // Only the embedded database replaces PGlite's directory; a DATABASE_URL server never did.
  const pgliteImport = database.embeddedDir ? await importPgliteDataDir(config.dataDir, database) : undefined;
  await importMedicineImageFiles(database.db, config.uploadsDir);
  const admin = await ensureAdmin(database.db, { email: config.adminEmail, password: config.adminPassword });
  const medicinesSeeded = config.seedCatalogue ? await seedCatalogue(database.db) : 0;
  return { admin, medicinesSeeded, ...(pgliteImport && { pgliteImport }) };
}

/**
 * The lines that show a generated admin password, the one time it exists in clear; empty when the
 * admin already existed or ADMIN_PASSWORD chose it.
 */
export function adminPasswordLine(email: string, admin: EnsuredAdmin): string {
  if (!admin.generatedPassword) return '';
  return (
    `  First admin created: ${email} / password ${admin.generatedPassword}\n` +
    '  This password is shown only now: keep it (set ADMIN_PASSWORD before the first start to choose one).\n'
  );
}
