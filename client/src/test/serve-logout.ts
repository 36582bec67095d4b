import { vi } from 'vitest';
import { stubBrowserRequest } from './browser-request';
import { json } from './json-response';

/** A shop that answers every call as a logout does; the spy counts the logouts sent. */
export const serveLogout = () => {
  stubBrowserRequest();
  return vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(json(200, { message: 'Logged out' })));
};
