import fs from 'node:fs/promises';
import path from 'node:path';
import type { PrescriptionFileType } from '@apotheca/contract';
import sharp from 'sharp';

// Prescription files are private health data: kept in their own folder, never under the public
// uploads, and images are re-encoded so that no EXIF block (camera, time, GPS position) survives.

/** A phone photo is 12–50 megapixels; a "decompression bomb" unpacks to far more. */
const MAX_INPUT_PIXELS = 100_000_000;
const PDF_MAGIC = Buffer.from('%PDF-');
const IMAGE_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
const EXTENSIONS: Record<PrescriptionFileType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/**
 * The file's type judged by its bytes, and the bytes to store: a PDF as sent, an image decoded to
 * the end (a truncated or corrupt one is refused), turned upright and written again without its
 * metadata. Null for anything else.
 */
export async function preparePrescriptionFile(
  content: Buffer,
): Promise<{ fileType: PrescriptionFileType; content: Buffer } | null> {
  if (content.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return { fileType: 'application/pdf', content };
  try {
    const image = sharp(content, { limitInputPixels: MAX_INPUT_PIXELS });
    const { format } = await image.metadata();
    if (format !== 'jpeg' && format !== 'png' && format !== 'webp') return null;
    // sharp writes no metadata unless asked (withMetadata), so EXIF and GPS are gone; rotate() first
    // applies the EXIF orientation the photo would otherwise lose.
    const stripped = await image.rotate().toFormat(format).toBuffer();
    return { fileType: IMAGE_TYPES[format], content: stripped };
  } catch {
    return null;
  }
}

const filePath = (dir: string, id: string, fileType: PrescriptionFileType) =>
  path.join(dir, `${id}.${EXTENSIONS[fileType]}`);

export async function writePrescriptionFile(dir: string, id: string, fileType: PrescriptionFileType, content: Buffer) {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.writeFile(filePath(dir, id, fileType), content, { mode: 0o600 });
}

export const readPrescriptionFile = (dir: string, id: string, fileType: PrescriptionFileType) =>
  fs.readFile(filePath(dir, id, fileType));

export const removePrescriptionFile = (dir: string, id: string, fileType: PrescriptionFileType) =>
  fs.rm(filePath(dir, id, fileType), { force: true });
