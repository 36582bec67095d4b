import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Written by the client build (client/vite.config.ts, chunkContents): the packages and folders in each chunk. */
const CHUNK_CONTENTS = path.resolve(import.meta.dirname, '../../client/dist/.vite/chunk-contents.json');

let contents: Record<string, string[]> | undefined;
/** What the built chunk at `url` holds (packages by name, the app's code by folder); nothing for a non-chunk. */
function contentsOf(url: string): string[] {
  contents ??= JSON.parse(fs.readFileSync(CHUNK_CONTENTS, 'utf8')) as Record<string, string[]>;
  return contents[new URL(url).pathname.slice(1)] ?? [];
}

/** The packages and folders of every chunk `page` asks for from now on, as it asks. */
export function downloadedCode(page: Page): Set<string> {
  const parts = new Set<string>();
  page.on('request', (request) => contentsOf(request.url()).forEach((part) => parts.add(part)));
  return parts;
}

/**
 * Holds `page`'s requests for the chunks that hold `part` (a package, or a file name's start such as
 * 'admin-layout') until the returned function is called, as a slow connection would.
 */
export async function holdChunks(page: Page, part: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => contentsOf(url.href).includes(part) || url.pathname.startsWith(`/assets/${part}-`),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}
