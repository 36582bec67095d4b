import type { MedicineFacets } from '@apotheca/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CatalogueFacets } from './catalogue-facets';
import { filtersFromSearch } from './catalogue-filters';

const FACETS: MedicineFacets = {
  category: [
    { value: 'Pain Relief', count: 5 },
    { value: 'Fever Medicine', count: 2 },
  ],
  dosageForm: [
    { value: 'Tablet', count: 4 },
    { value: 'Syrup', count: 3 },
  ],
  prescriptionRequired: [
    { value: 'false', count: 6 },
    { value: 'true', count: 1 },
  ],
  developedBy: Array.from({ length: 10 }, (_, index) => ({ value: `Maker ${'ABCDEFGHIJ'[index]}`, count: 10 - index })),
};

function renderFacets(query: string, facets = FACETS) {
  const search = new URLSearchParams(query);
  render(
    <MemoryRouter>
      <CatalogueFacets layout="column" facets={facets} filters={filtersFromSearch(search)} />
    </MemoryRouter>,
  );
  // The desktop column; the phone's fold beside the heading holds the same links.
  return screen.getByRole('complementary', { name: 'Refine results' });
}
const href = (panel: HTMLElement, name: RegExp) => within(panel).getByRole('link', { name }).getAttribute('href');

describe('the facet counts of the catalogue', () => {
  it('lists each value with its count as a link that applies it, on page 1, keeping the search', () => {
    // Unknown parameters and defaults are left out, so every URL of the same catalogue links alike.
    const panel = renderFacets('utm_source=mail&q=para&limit=6&page=3');
    expect(within(panel).getByRole('link', { name: 'Tablet (4)' })).toBeInTheDocument();
    expect(href(panel, /^Syrup/)).toBe('/?q=para&page=1&dosageForm=Syrup');
    expect(href(panel, /^Prescription only \(1\)/)).toBe('/?q=para&page=1&prescriptionRequired=true');
    expect(href(panel, /^No prescription needed \(6\)/)).toBe('/?q=para&page=1&prescriptionRequired=false');
  });

  it('marks the value in use and links it to the catalogue without it, even when nothing matches it', () => {
    const panel = renderFacets('q=para&dosageForm=Syrup');
    const syrup = within(panel).getByRole('link', { name: /Syrup/ });
    expect(syrup).toHaveAttribute('aria-current', 'true');
    expect(syrup.getAttribute('href')).toBe('/?q=para&page=1');
    cleanup();

    const none = renderFacets('dosageForm=Cream', { ...FACETS, dosageForm: [] });
    expect(within(none).getByRole('link', { name: 'Cream (0)' })).toHaveAttribute('href', '/?page=1');
  });

  it('folds a long list after its eight largest values', () => {
    const panel = renderFacets('');
    const makers = within(panel).getByRole('heading', { name: 'Maker' }).parentElement!;
    const folded = makers.querySelector('details')!;
    expect(folded).not.toHaveAttribute('open');
    expect(within(folded).getByText('2 more')).toBeInTheDocument();
    expect(
      within(folded)
        .getAllByRole('link', { hidden: true })
        .map((link) => link.textContent),
    ).toEqual(['Maker I2', 'Maker J1']);
  });

  it('shows nothing when no facet has a value', () => {
    const empty = { category: [], dosageForm: [], prescriptionRequired: [], developedBy: [] };
    const { container } = render(
      <MemoryRouter>
        <CatalogueFacets layout="fold" facets={empty} filters={filtersFromSearch(new URLSearchParams())} />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
