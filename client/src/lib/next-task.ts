/**
 * Resolves in a later task of the browser's event loop. Start-up work split by it never holds the
 * main thread long: between two steps the browser paints and answers a tap.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
