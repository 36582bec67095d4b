// The stylesheet is linked from index.html, so a server-rendered page paints styled before any script.
import './index.css';

/** The longest a rendered page waits for its images before its JavaScript is fetched anyway. */
const MAX_WAIT_FOR_LOAD_MS = 3000;

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./main');
};
// A task queued from the next frame runs after that frame's paint.
const startAfterPaint = () => requestAnimationFrame(() => setTimeout(start));

// A page rendered on the server is on screen before any script runs: the JavaScript that makes it
// interactive is fetched once the page and its images in view have loaded and painted, so it never
// competes with them for a slow phone's bandwidth; a slow image host holds it back 3 s at most. An
// empty root starts the app at once.
if (!document.getElementById('root')?.hasChildNodes()) start();
else if (document.readyState === 'complete') startAfterPaint();
else {
  window.addEventListener('load', startAfterPaint, { once: true });
  setTimeout(startAfterPaint, MAX_WAIT_FOR_LOAD_MS);
}
