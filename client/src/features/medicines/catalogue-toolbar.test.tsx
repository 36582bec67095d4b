import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { filtersFromSearch } from './catalogue-filters';
import { CatalogueToolbar } from './catalogue-toolbar';

const renderToolbar = (query: string) =>
  render(<CatalogueToolbar filters={filtersFromSearch(new URLSearchParams(query))} onChange={vi.fn()} />);

describe('the catalogue toolbar', () => {
  it('shows the category the list is filtered by', () => {
    renderToolbar('category=Pain+Relief');
    expect(screen.getByLabelText('Category')).toHaveDisplayValue('Pain Relief');
  });

  it('shows a category an admin added, chosen from the facets, rather than claim all categories', () => {
    renderToolbar('category=Skin+Care');
    expect(screen.getByLabelText('Category')).toHaveDisplayValue('Skin Care');
  });
});
