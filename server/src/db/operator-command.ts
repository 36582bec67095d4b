import { ConfigError } from '../config';
import { BackupError } from './backup';
import { DatabaseUnreachableError } from './client';
import { DataDirLockedError } from './data-dir-lock';
import { EmbeddedPostgresError } from './embedded-postgres';
import { PgliteImportError } from './pglite-import';

/** Failures whose message says what is wrong and what to change: an operator reads it alone, with no stack. */
const EXPLAINED = [
  ConfigError,
  DataDirLockedError,
  EmbeddedPostgresError,
  PgliteImportError,
  DatabaseUnreachableError,
  BackupError,
];

export const isExplained = (error: unknown): error is Error => EXPLAINED.some((kind) => error instanceof kind);

/**
 * An npm command run by an operator (`npm run backup`, `db:migrate`…): what it did on stdout, or an
 * explained failure as one line on stderr and exit code 1. Anything else keeps its stack, a fault
 * of ours to report.
 */
export async function runOperatorCommand(run: () => Promise<string>): Promise<void> {
  try {
    process.stdout.write(`${await run()}\n`);
  } catch (error) {
    if (!isExplained(error)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
