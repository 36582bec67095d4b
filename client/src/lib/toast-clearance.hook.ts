import { useEffect, type RefObject } from 'react';

/**
 * The custom property, on the document's root, that holds where toasts may start: the bottom edge, in
 * the window, of the lowest element on screen that a toast must leave clear (the header, a page's
 * heading with its back link). The toaster places toasts just below it.
 */
export const TOAST_CLEARANCE = '--toast-clearance';

const keptClear = new Set<HTMLElement>();
// Made by the first element kept clear: the server renders the same components and has none.
let resized: ResizeObserver | undefined;
let published: string | undefined;
let frame = 0;

/**
 * Publishes the lowest bottom edge of the elements kept clear. One scrolled out of view above counts
 * as ending at the window's top, so a page scrolled past a header that does not stick (the admin
 * area's) leaves no gap for it above a toast. Written only when it changes: a change restyles the page.
 */
function publish() {
  frame = 0;
  let bottom = 0;
  for (const element of keptClear) {
    const box = element.getBoundingClientRect();
    if (box.top < window.innerHeight) bottom = Math.max(bottom, box.bottom);
  }
  const value = `${Math.round(bottom)}px`;
  if (value === published) return;
  published = value;
  document.documentElement.style.setProperty(TOAST_CLEARANCE, value);
}

/** Once a frame at most, however many scroll events come in it. */
function publishSoon(): void {
  if (frame === 0) frame = requestAnimationFrame(publish);
}

/**
 * Keeps the element `ref` holds clear of toasts while it is on screen: toasts start below it, and
 * below the other elements kept clear, as the page scrolls and as they change size or place.
 */
export function useToastClearance(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current!;
    if (keptClear.size === 0) {
      window.addEventListener('scroll', publishSoon, { passive: true });
      window.addEventListener('resize', publishSoon);
    }
    keptClear.add(element);
    (resized ??= new ResizeObserver(publishSoon)).observe(element);
    publishSoon();
    return () => {
      keptClear.delete(element);
      resized!.unobserve(element);
      if (keptClear.size > 0) {
        publishSoon();
        return;
      }
      window.removeEventListener('scroll', publishSoon);
      window.removeEventListener('resize', publishSoon);
      cancelAnimationFrame(frame);
      frame = 0;
      published = undefined;
      document.documentElement.style.removeProperty(TOAST_CLEARANCE);
    };
  }, [ref]);
  // Measured again after each render of its owner: the storefront's header turns fixed in a render that
  // follows the scroll event, and moves without changing size.
  useEffect(() => {
    publishSoon();
  });
}
