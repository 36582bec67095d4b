import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Pager } from './pager';

const renderPager = (page: number, pageCount: number) =>
  render(
    <MemoryRouter>
      <Pager page={page} pageCount={pageCount} hrefOf={(n) => `/medicines?page=${n}`} />
    </MemoryRouter>,
  );

describe('Pager', () => {
  it('says which page of how many, with links to the pages either side', () => {
    renderPager(2, 3);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/medicines?page=1');
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/medicines?page=3');
  });

  it('claims no page past the last one: a kept link to page 9 of 3 shows no pager', () => {
    renderPager(9, 3);
    expect(screen.queryByText(/Page 9 of/)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });
});
