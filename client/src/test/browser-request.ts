import { vi } from 'vitest';

/** Node's Request takes no relative URL; the API client's '/api/…' is read against the page's origin, as in a browser. */
class BrowserRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
  }
}

/** Makes `Request` take the API client's relative URLs for the rest of the test. */
export const stubBrowserRequest = () => vi.stubGlobal('Request', BrowserRequest);
