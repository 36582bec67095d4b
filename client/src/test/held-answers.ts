import { fireEvent } from '@testing-library/react';
import { vi } from 'vitest';
import { stubBrowserRequest } from './browser-request';

/**
 * A slow connection: every request but a GET waits until `release` is called, then gets `answer`; `sent`
 * lists each one sent ("METHOD /path"), so a test sees how many a double press made.
 */
export function holdWrites(answer: () => Response, read: () => Response = answer) {
  const sent: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  stubBrowserRequest();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    if (request.method === 'GET') return read();
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
    await held;
    return answer();
  });
  return { sent, release };
}

/**
 * A double click (or Enter twice) that comes before the page has shown the first as taken, as on a busy
 * phone: both presses reach the button before React renders again.
 */
export function pressTwice(button: HTMLElement) {
  fireEvent.click(button);
  fireEvent.click(button);
}
