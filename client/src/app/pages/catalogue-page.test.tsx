import { cataloguePath, PRICE_RANGE_MESSAGE } from '@apotheca/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../test/browser-request';
import { json } from '../../test/json-response';
import { renderWithStore } from '../../test/render-with-store';
import CataloguePage from './catalogue-page';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** What the banner's carousel (embla) asks of the browser beyond the setup's, which jsdom lacks: nothing ever scrolls or changes size here. */
function stubCarouselBrowser() {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

describe('CataloguePage', () => {
  it('shows the price-range error alone for a minimum above the maximum: no list asked for, no empty-list notice, no paging', async () => {
    stubBrowserRequest();
    stubCarouselBrowser();
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json(400, { message: PRICE_RANGE_MESSAGE, errors: { minPrice: PRICE_RANGE_MESSAGE } }));
    renderWithStore(<CataloguePage />, { path: cataloguePath({ minPrice: 50, maxPrice: 5 }) });

    expect(await screen.findByRole('alert')).toHaveTextContent(PRICE_RANGE_MESSAGE);
    expect(screen.queryByText('No medicines found')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    expect(screen.queryByText(/Page \d+ of \d+/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Results' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
