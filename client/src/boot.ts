// The stylesheet is linked from index.html, so a server-rendered page paints styled before any script.
import './index.css';
import { catchEarlyInput } from './lib/early-input';

// What the shopper does before the app has hydrated the page is kept or carried out natively
// (lib/early-input.ts); the app itself is fetched at once and hydrates as soon as it arrives.
catchEarlyInput();
void import('./main');
