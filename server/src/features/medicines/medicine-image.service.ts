import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Every stored image is converted once, at upload or seed time, into two WebP sizes: the card's
 * and the detail page's. The URL names the detail size; the card size sits beside it, so the
 * client builds a srcset from one field (see `cardImageUrl` in the client).
 */
export const IMAGE_SIZES = { card: { width: 480, height: 360 }, detail: { width: 960, height: 720 } } as const;
export const MEDICINE_UPLOADS_PATH = '/uploads/medicines';
/** Far above any product photo, far below what a small "decompression bomb" file would unpack to. */
const MAX_INPUT_PIXELS = 40_000_000;

export async function storeMedicineImage(input: Buffer, uploadsDir: string, baseName?: string): Promise<string> {
  const dir = path.join(uploadsDir, 'medicines');
  await fs.mkdir(dir, { recursive: true });
  const name = baseName ?? randomUUID();
  await Promise.all(
    Object.entries(IMAGE_SIZES).map(([size, { width, height }]) =>
      sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(width, height, { fit: 'cover' })
        .webp({ quality: 78 })
        .toFile(path.join(dir, `${name}-${size}.webp`)),
    ),
  );
  return `${MEDICINE_UPLOADS_PATH}/${name}-detail.webp`;
}

const STORED_IMAGE = new RegExp(`^${MEDICINE_UPLOADS_PATH}/([\\w-]+)-detail\\.webp$`);

/** Both sizes of a stored image copied under a new name, so each medicine owns (and deletes) its own files. */
export async function copyMedicineImage(imageUrl: string, uploadsDir: string, baseName: string): Promise<string> {
  const name = STORED_IMAGE.exec(imageUrl)?.[1];
  if (!name) throw new Error(`Not a stored image: ${imageUrl}`);
  const dir = path.join(uploadsDir, 'medicines');
  await Promise.all(
    Object.keys(IMAGE_SIZES).map((size) =>
      fs.copyFile(path.join(dir, `${name}-${size}.webp`), path.join(dir, `${baseName}-${size}.webp`)),
    ),
  );
  return `${MEDICINE_UPLOADS_PATH}/${baseName}-detail.webp`;
}

/** PNG, JPEG or WebP, judged by the bytes rather than the declared type (issue 3), and readable to the end. */
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);

export async function isAcceptedImage(input: Buffer): Promise<boolean> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS });
    const { format } = await image.metadata();
    if (format === undefined || !ACCEPTED_FORMATS.has(format)) return false;
    // Decoding the whole image finds a truncated or corrupt file before anything is stored.
    await image.resize(8, 8).toBuffer();
    return true;
  } catch {
    return false;
  }
}

/** Deletes both sizes of an image this server stored; an external URL is left alone. */
export async function removeMedicineImage(imageUrl: string, uploadsDir: string): Promise<void> {
  const name = STORED_IMAGE.exec(imageUrl)?.[1];
  if (!name) return;
  await Promise.all(
    Object.keys(IMAGE_SIZES).map((size) =>
      fs.rm(path.join(uploadsDir, 'medicines', `${name}-${size}.webp`), { force: true }),
    ),
  );
}
