import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from './client';
import { storedFiles } from './schema';

export type StoredFile = { contentType: string; etag: string; body: Buffer };

/**
 * Stores files under the URL paths they are served at; a path already stored is replaced. A file with
 * an `ownerId` is that user's and is deleted with them.
 */
export async function putFiles(
  db: Db,
  files: { path: string; contentType: string; body: Buffer; ownerId?: string }[],
): Promise<void> {
  for (const file of files) {
    const etag = `"${createHash('sha256').update(file.body).digest('base64url').slice(0, 27)}"`;
    const values = { ...file, etag };
    await db.insert(storedFiles).values(values).onConflictDoUpdate({ target: storedFiles.path, set: values });
  }
}

export async function getFile(db: Db, path: string): Promise<StoredFile | undefined> {
  const [row] = await db
    .select({ contentType: storedFiles.contentType, etag: storedFiles.etag, body: storedFiles.body })
    .from(storedFiles)
    .where(eq(storedFiles.path, path));
  return row;
}

export async function removeFiles(db: Db, paths: string[]): Promise<void> {
  if (paths.length > 0) await db.delete(storedFiles).where(inArray(storedFiles.path, paths));
}
