import type { ImgHTMLAttributes } from 'react';
import { IMAGE_FALLBACK } from '../../lib/early-input';

// Uploaded images are stored twice (server/src/features/medicines/medicine-image.service.ts):
// '<name>-detail.webp' (960×720) is the URL, '<name>-card.webp' (480×360) sits beside it.
const DETAIL_SUFFIX = '-detail.webp';
/** Shown, at the same 4:3 size, when the picture fails to load (a deleted file, a dead external link). */
const IMAGE_PLACEHOLDER = '/art/medicine-placeholder.svg';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & { imageUrl: string; alt: string };

/**
 * An uploaded picture: the browser picks the card or the detail size; an external URL is used as is.
 * One that fails to load is swapped for the placeholder, even before the page's app has run
 * (lib/early-input.ts), so no broken image is ever shown.
 */
export function UploadedImage({ imageUrl, alt, sizes, ...props }: Props) {
  const uploaded = imageUrl.startsWith('/uploads/') && imageUrl.endsWith(DETAIL_SUFFIX);
  const srcSet = uploaded ? `${imageUrl.slice(0, -DETAIL_SUFFIX.length)}-card.webp 480w, ${imageUrl} 960w` : undefined;
  return (
    <img
      src={imageUrl}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={960}
      height={720}
      decoding="async"
      {...{ [IMAGE_FALLBACK]: IMAGE_PLACEHOLDER }}
      {...props}
    />
  );
}
