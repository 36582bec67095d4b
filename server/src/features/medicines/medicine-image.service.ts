import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BlockList } from 'node:net';
import {
  IMAGE_FETCH_MESSAGE,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_PIXELS_MESSAGE,
  IMAGE_PRIVATE_ADDRESS_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
} from '@apotheca/contract';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { getFile, putFiles, removeFiles } from '../../db/stored-files';
import { openImage, type ImageRefusal } from '../../lib/image-input';
import { getPublicUrl, PrivateAddressError } from '../../lib/public-address';

/**
 * Every stored image is converted once, at upload or seed time, into two WebP sizes: the card's
 * and the detail page's. The URL names the detail size; the card size sits beside it, so the
 * client builds a srcset from one field (see `cardImageUrl` in the client).
 */
const IMAGE_SIZES = { card: { width: 480, height: 360 }, detail: { width: 960, height: 720 } } as const;
const MEDICINE_UPLOADS_PATH = '/uploads/medicines';
const sizePath = (name: string, size: string) => `${MEDICINE_UPLOADS_PATH}/${name}-${size}.webp`;

/** Both sizes of an image, converted once, to be stored under each medicine's own name. */
export type ConvertedImage = { size: string; body: Buffer }[];

export function convertMedicineImage(input: Buffer): Promise<ConvertedImage> {
  return Promise.all(
    Object.entries(IMAGE_SIZES).map(async ([size, { width, height }]) => ({
      size,
      body: await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS })
        .rotate()
        .resize(width, height, { fit: 'cover' })
        .webp({ quality: 78 })
        .toBuffer(),
    })),
  );
}

/** The files of an image under a medicine's own name, and the URL that names them. */
export function medicineImageFiles(image: ConvertedImage, baseName: string = randomUUID()) {
  return {
    imageUrl: sizePath(baseName, 'detail'),
    files: image.map(({ size, body }) => ({ path: sizePath(baseName, size), contentType: 'image/webp', body })),
  };
}

/** Stored in the database every instance shares (docs/decisions/0029), at the paths they are served at. */
export async function storeMedicineImage(db: Db, input: Buffer, baseName?: string): Promise<string> {
  const { imageUrl, files } = medicineImageFiles(await convertMedicineImage(input), baseName);
  await putFiles(db, files);
  return imageUrl;
}

const STORED_IMAGE = new RegExp(`^${MEDICINE_UPLOADS_PATH}/([\\w-]+)-detail\\.webp$`);

/** Both sizes of a stored image copied under a new name, so each medicine owns (and deletes) its own files. */
export async function copyMedicineImage(db: Db, imageUrl: string, baseName: string): Promise<string> {
  const name = STORED_IMAGE.exec(imageUrl)?.[1];
  if (!name) throw new Error(`Not a stored image: ${imageUrl}`);
  const files = await Promise.all(
    Object.keys(IMAGE_SIZES).map(async (size) => {
      const file = await getFile(db, sizePath(name, size));
      if (!file) throw new Error(`Not a stored image: ${imageUrl}`);
      return { path: sizePath(baseName, size), contentType: file.contentType, body: file.body };
    }),
  );
  await putFiles(db, files);
  return sizePath(baseName, 'detail');
}

/** What an upload that is not a medicine image is answered with: its message, and the status of a form that carries it. */
const IMAGE_REFUSALS: Record<ImageRefusal, { status: 400 | 413; message: string }> = {
  'wrong-type': { status: 400, message: IMAGE_TYPE_MESSAGE },
  // Too large, as a file past the bytes is.
  'too-many-pixels': { status: 413, message: IMAGE_PIXELS_MESSAGE },
};

/**
 * Why an upload is no medicine image, or undefined for one: PNG, JPEG or WebP, judged by the bytes
 * rather than the declared type, of at most IMAGE_MAX_PIXELS, and readable to the end.
 */
export async function imageRefusal(input: Buffer): Promise<{ status: 400 | 413; message: string } | undefined> {
  const opened = await openImage(input, IMAGE_MAX_PIXELS);
  if ('refused' in opened) return IMAGE_REFUSALS[opened.refused];
  try {
    // Decoding the whole image finds a truncated or corrupt file before anything is stored.
    await opened.image.resize(8, 8).toBuffer();
    return undefined;
  } catch {
    return IMAGE_REFUSALS['wrong-type'];
  }
}

/** How long a catalogue import waits for an image it fetches by URL. */
const IMAGE_FETCH_TIMEOUT_MS = 10_000;

/**
 * An image named by URL in a catalogue import, taken as an upload is: over http or https only (the URL's
 * rules), from a public address or one of `allowedPrivate` only (docs/decisions/0085), at most
 * IMAGE_MAX_BYTES (read no further), within IMAGE_FETCH_TIMEOUT_MS, and judged by its bytes. Only
 * whether it is an image ever reaches the admin, never what the address answered.
 */
export async function fetchMedicineImage(
  url: string,
  allowedPrivate: BlockList,
): Promise<{ content: Buffer } | { error: string }> {
  try {
    const response = await getPublicUrl(url, {
      allowed: allowedPrivate,
      signal: AbortSignal.timeout(IMAGE_FETCH_TIMEOUT_MS),
    });
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) {
      response.destroy();
      return { error: IMAGE_FETCH_MESSAGE };
    }
    const chunks: Buffer[] = [];
    let size = 0;
    // Leaving the loop early ends the download.
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > IMAGE_MAX_BYTES) return { error: IMAGE_TOO_LARGE_MESSAGE };
      chunks.push(chunk);
    }
    const content = Buffer.concat(chunks);
    const refusal = await imageRefusal(content);
    return refusal ? { error: refusal.message } : { content };
  } catch (error) {
    return { error: error instanceof PrivateAddressError ? IMAGE_PRIVATE_ADDRESS_MESSAGE : IMAGE_FETCH_MESSAGE };
  }
}

/** Deletes both sizes of an image this server stored; an external URL is left alone. */
export async function removeMedicineImage(db: Db, imageUrl: string): Promise<void> {
  const name = STORED_IMAGE.exec(imageUrl)?.[1];
  if (name)
    await removeFiles(
      db,
      Object.keys(IMAGE_SIZES).map((size) => sizePath(name, size)),
    );
}

/**
 * Images an earlier version wrote as files in DATA_DIR/uploads/medicines move into the database at
 * start, so an upgraded installation keeps showing them; the files are left where they were.
 */
export async function importMedicineImageFiles(db: Db, uploadsDir: string): Promise<void> {
  const dir = path.join(uploadsDir, 'medicines');
  const names = await fs.readdir(dir).catch(() => []);
  for (const name of names.filter((file) => file.endsWith('.webp'))) {
    const filePath = `${MEDICINE_UPLOADS_PATH}/${name}`;
    if (!(await getFile(db, filePath))) {
      await putFiles(db, [
        { path: filePath, contentType: 'image/webp', body: await fs.readFile(path.join(dir, name)) },
      ]);
    }
  }
}
