// The stylesheet is linked from index.html, so a server-rendered page paints styled before any script.
import './index.css';
import { catchEarlyInput } from './lib/early-input';

// What the shopper does before the app has hydrated the page is kept or carried out natively
// (lib/early-input.ts). On a server-rendered page the app is fetched once the page has painted its
// content, never before: on a slow phone its download and evaluation would delay that first paint.
// A page the browser renders alone (an empty root) needs the app to show anything, so it comes at once.
catchEarlyInput();
const startApp = () => void import('./main');
if (document.getElementById('root')?.hasChildNodes()) {
  new PerformanceObserver((_entries, observer) => {
    observer.disconnect();
    startApp();
  }).observe({ type: 'paint', buffered: true });
} else {
  startApp();
}
