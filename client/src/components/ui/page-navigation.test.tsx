import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageNavigation } from './page-navigation';

const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Pages' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('PageNavigation', () => {
  it('numbers every page of a short list and marks the current one', () => {
    render(<PageNavigation label="Pages" page={2} pageCount={3} onPageChange={vi.fn()} />);
    expect(pageButtons()).toEqual(['Previous', '1', '2', '3', 'Next']);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('shows the first, the last and the neighbours of the current page of a long list', () => {
    render(<PageNavigation label="Pages" page={10} pageCount={20} onPageChange={vi.fn()} />);
    expect(pageButtons()).toEqual(['Previous', '1', '9', '10', '11', '20', 'Next']);
  });

  it('moves with Previous, Next and the numbers, and cannot go past either end', async () => {
    const onPageChange = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<PageNavigation label="Pages" page={1} pageCount={9} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Page 9' }));
    expect(onPageChange.mock.calls).toEqual([[2], [9]]);

    rerender(<PageNavigation label="Pages" page={9} pageCount={9} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(8);
  });

  it('is not shown for a single page', () => {
    render(<PageNavigation label="Pages" page={1} pageCount={1} onPageChange={vi.fn()} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
