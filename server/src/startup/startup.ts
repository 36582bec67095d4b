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
  const admin = await ensureAdmin(
    database.db,
    { email: config.adminEmail, password: config.adminPassword },
    config.scryptCost,
  );
  const medicinesSeeded = config.seedCatalogue ? await seedCatalogue(database.db) : 0;
  return { admin, medicinesSeeded, ...(pgliteImport && { pgliteImport }) };
}

/**
 * The lines that show a generated admin password, the one time it exists in clear: a first admin's, or
 * the one that replaced an earlier version's published password; empty when there is neither.
 */
export function adminPasswordLine(email: string, admin: EnsuredAdmin): string {
  const replaced = (admin.replaced ?? []).map(
    (replacement) =>
      `  The admin ${replacement.email} still had the password an earlier version published; it is now ${replacement.password}\n` +
      '  This password is shown only now: keep it. The sessions opened with the old one have ended.\n',
  );
  if (!admin.generatedPassword) return replaced.join('');
  return (
    `  First admin created: ${email} / password ${admin.generatedPassword}\n` +
    '  This password is shown only now: keep it (set ADMIN_PASSWORD before the first start to choose one).\n'
  );
}
