import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import { storedFiles } from './schema';

type StoredFile = { contentType: string; etag: string; body: Buffer };

/** Files a statement stores at once: many small images in few round trips, a few large files apart. */
const FILES_A_STATEMENT = 200;

/**
 * Stores files under the URL paths they are served at; a path already stored is replaced (the last of
 * one path given wins). A file with an `ownerId` is that user's and is deleted with them; one without
 * keeps the owner its path had.
 */
export async function putFiles(
  db: Db,
  files: { path: string; contentType: string; body: Buffer; ownerId?: string }[],
): Promise<void> {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const rows = [...byPath.values()].map((file) => ({
    ...file,
    etag: `"${createHash('sha256').update(file.body).digest('base64url').slice(0, 27)}"`,
  }));
  for (let i = 0; i < rows.length; i += FILES_A_STATEMENT)
    await db
      .insert(storedFiles)
      .values(rows.slice(i, i + FILES_A_STATEMENT))
      .onConflictDoUpdate({
        target: storedFiles.path,
        set: {
          contentType: sql`excluded.content_type`,
          body: sql`excluded.body`,
          etag: sql`excluded.etag`,
          ownerId: sql`coalesce(excluded.owner_id, ${storedFiles.ownerId})`,
        },
      });
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
