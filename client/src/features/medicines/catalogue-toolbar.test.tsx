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

  // A price is applied once the patient has typed it and moves on (Tab, a click elsewhere, Enter or Apply),
  // never at each keystroke or pause: "150" would search for 1 and 15 first, and each search resets the page.
  it('applies a typed price range once, when the patient leaves the field or presses Enter, however long they pause', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
      const onChange = vi.fn();
      renderToolbar('', onChange);
      const min = screen.getByLabelText('Min price ($)');
      const max = screen.getByLabelText('Max price ($)');
      await user.type(min, '150');
      await vi.advanceTimersByTimeAsync(5000);
      expect(onChange).not.toHaveBeenCalled();
      await user.tab();
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange).toHaveBeenLastCalledWith({ minPrice: 150 });
      // The first figure of a maximum of 150 is below the minimum: no error while it is typed, even after a pause.
      await user.clear(max);
      await user.type(max, '1');
      await vi.advanceTimersByTimeAsync(5000);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(max).not.toHaveAttribute('aria-invalid');
      await user.type(max, '80{Enter}');
      expect(onChange).toHaveBeenCalledTimes(2);
      expect(onChange).toHaveBeenLastCalledWith({ minPrice: 150, maxPrice: 180 });
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so of such a range in the URL, as a search sent without JavaScript brings it', () => {
    renderToolbar('minPrice=50&maxPrice=10');
    expect(screen.getByRole('alert')).toHaveTextContent(PRICE_RANGE_MESSAGE);
  });
});
