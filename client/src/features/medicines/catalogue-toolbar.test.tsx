import { DEFAULT_MAX_PRICE, DEFAULT_MIN_PRICE, PRICE_RANGE_MESSAGE } from '@apotheca/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { filtersFromSearch } from './catalogue-filters';
import { CatalogueToolbar } from './catalogue-toolbar';

const renderToolbar = (query: string, onChange = vi.fn()) =>
  render(<CatalogueToolbar filters={filtersFromSearch(new URLSearchParams(query))} onChange={onChange} />);

describe('the catalogue toolbar', () => {
  it('shows the category the list is filtered by', () => {
    renderToolbar('category=Pain+Relief');
    expect(screen.getByLabelText('Category')).toHaveDisplayValue('Pain Relief');
  });

  it('shows a category an admin added, chosen from the facets, rather than claim all categories', () => {
    renderToolbar('category=Skin+Care');
    expect(screen.getByLabelText('Category')).toHaveDisplayValue('Skin Care');
  });

  it('says at the price fields that the minimum is above the maximum, and searches only once they are put right', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderToolbar('maxPrice=20', onChange);
    const min = screen.getByLabelText('Min price ($)');
    const max = screen.getByLabelText('Max price ($)');
    await user.type(min, '50');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(PRICE_RANGE_MESSAGE);
    expect(min).toHaveAccessibleDescription(PRICE_RANGE_MESSAGE);
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(max).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.clear(max);
    await user.type(max, '60');
    await user.tab();
    expect(onChange).toHaveBeenCalledWith({ minPrice: 50, maxPrice: 60 });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lifts a price bound whose field is emptied and applied, as the form sent without JavaScript does', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderToolbar('minPrice=10&maxPrice=50', onChange);
    await user.clear(screen.getByLabelText('Min price ($)'));
    await user.clear(screen.getByLabelText('Max price ($)'));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ minPrice: DEFAULT_MIN_PRICE, maxPrice: DEFAULT_MAX_PRICE }),
    );
  });

  it('says so of such a range in the URL, as a search sent without JavaScript brings it', () => {
    renderToolbar('minPrice=50&maxPrice=10');
    expect(screen.getByRole('alert')).toHaveTextContent(PRICE_RANGE_MESSAGE);
  });
});
