import sharp, { type Metadata, type Sharp } from 'sharp';

/** The image formats the shop takes, judged by the bytes rather than the declared type. */
const TAKEN_FORMATS = ['jpeg', 'png', 'webp'] as const;
export type TakenImageFormat = (typeof TAKEN_FORMATS)[number];

/** Why an upload is not taken as an image: not one the shop takes, or one of more pixels than it decodes. */
export type ImageRefusal = 'wrong-type' | 'too-many-pixels';

const isTaken = (format: string | undefined): format is TakenImageFormat =>
  (TAKEN_FORMATS as readonly (string | undefined)[]).includes(format);

/**
 * An upload opened as an image of a taken format and of at most `maxPixels` (width × height), so
 * that a picture too large in pixels is told apart from a file that is no image at all: a
 * 20000 × 20000 PNG is a PNG. Its header is read without sharp's pixel limit (which refuses the
 * header of a large image in the same words as garbage), and nothing is decoded; the image handed
 * back decodes under the limit, as a second guard.
 */
export async function openImage(
  content: Buffer,
  maxPixels: number,
): Promise<{ image: Sharp; format: TakenImageFormat } | { refused: ImageRefusal }> {
  let header: Metadata;
  try {
    header = await sharp(content, { limitInputPixels: false }).metadata();
  } catch {
    return { refused: 'wrong-type' };
  }
  if (!isTaken(header.format)) return { refused: 'wrong-type' };
  if (header.width * header.height > maxPixels) return { refused: 'too-many-pixels' };
  return { image: sharp(content, { limitInputPixels: maxPixels }), format: header.format };
}
