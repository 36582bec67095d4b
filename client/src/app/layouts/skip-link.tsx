/**
 * The first stop of the keyboard on a page with a header of links: it jumps past them to the main
 * region (PageMain's id), unseen until it has focus.
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
    >
      Skip to content
    </a>
  );
}
