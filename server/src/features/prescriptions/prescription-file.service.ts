import { PRESCRIPTION_FILE_FORMATS, PRESCRIPTION_MAX_PIXELS, type PrescriptionFileType } from '@apotheca/contract';
import { openImage, type ImageRefusal } from '../../lib/image-input';
import { stripPdf } from './prescription-pdf.service';

// Prescription files are private health data: kept apart from the public uploads, and images are
// re-encoded so that no EXIF block (camera, time, GPS position) survives.

const PDF_MAGIC = Buffer.from('%PDF-');
const IMAGE_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/**
 * The file's type judged by its bytes, and the bytes to store: a PDF without its scripts and
 * metadata (prescription-pdf.service.ts), an image of at most PRESCRIPTION_MAX_PIXELS decoded to
 * the end (a truncated or corrupt one is refused), turned upright and written again without its
 * metadata. For anything else, why it is refused: not a type the shop takes, or too many pixels.
 */
export async function preparePrescriptionFile(
  content: Buffer,
): Promise<{ fileType: PrescriptionFileType; content: Buffer } | { refused: ImageRefusal }> {
  if (content.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    const stripped = await stripPdf(content);
    return stripped ? { fileType: 'application/pdf', content: stripped } : { refused: 'wrong-type' };
  }
  const opened = await openImage(content, PRESCRIPTION_MAX_PIXELS);
  if ('refused' in opened) return opened;
  try {
    // sharp writes no metadata unless asked (withMetadata), so EXIF and GPS are gone; rotate() first
    // applies the EXIF orientation the photo would otherwise lose.
    const stripped = await opened.image.rotate().toFormat(opened.format).toBuffer();
    return { fileType: IMAGE_TYPES[opened.format], content: stripped };
  } catch {
    return { refused: 'wrong-type' };
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
