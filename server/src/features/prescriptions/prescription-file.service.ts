import { PRESCRIPTION_FILE_FORMATS, type PrescriptionFileType } from '@apotheca/contract';
import sharp from 'sharp';
import { stripPdf } from './prescription-pdf.service';

// Prescription files are private health data: kept apart from the public uploads, and images are
// re-encoded so that no EXIF block (camera, time, GPS position) survives.

/** A phone photo is 12–50 megapixels; a "decompression bomb" unpacks to far more. */
const MAX_INPUT_PIXELS = 100_000_000;
const PDF_MAGIC = Buffer.from('%PDF-');
const IMAGE_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/**
 * The file's type judged by its bytes, and the bytes to store: a PDF without its scripts and
 * metadata (prescription-pdf.service.ts), an image decoded to
 * the end (a truncated or corrupt one is refused), turned upright and written again without its
 * metadata. Null for anything else.
 */
export async function preparePrescriptionFile(
  content: Buffer,
): Promise<{ fileType: PrescriptionFileType; content: Buffer } | null> {
  if (content.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    const stripped = await stripPdf(content);
    return stripped ? { fileType: 'application/pdf', content: stripped } : null;
  }
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

/** The name a browser gives a prescription's file it saves: its type's first ending, never the patient's own name. */
export const prescriptionFileName = (fileType: PrescriptionFileType) =>
  `prescription${PRESCRIPTION_FILE_FORMATS[fileType].extensions[0]}`;

/**
 * Where a prescription's file is kept in the shared stored files, so every instance reads it. Only
 * `/uploads/*` is ever served from there, so nothing under `/private` is reachable without the
 * owner's or staff's request through the prescriptions API.
 */
export const prescriptionFilePath = (id: string) => `/private/prescriptions/${id}`;
