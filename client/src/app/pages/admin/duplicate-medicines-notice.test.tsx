import { DUPLICATE_GROUPS_PAGE_SIZE, duplicateMedicinesNotice, PATHS, ROLE } from '@apotheca/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../../test/browser-request';
import { json } from '../../../test/json-response';
import { renderWithStore } from '../../../test/render-with-store';
import { DuplicateMedicinesNotice } from './duplicate-medicines-notice';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A group of two doubles named `name`. */
const pair = (name: string) => ({
  medicines: [1, 2].map((n) => ({
    _id: `${name}-${n}`,
    name,
    developedBy: 'Pfizer',
    strength: '',
    packSize: '',
    stock: n,
  })),
});

describe('DuplicateMedicinesNotice', () => {
  it('asks the server for a page of groups, and reaches the last ones with the pager', async () => {
    // One group more than a page: the server answers each page with the count of them all.
    const total = DUPLICATE_GROUPS_PAGE_SIZE + 1;
    const asked: (string | null)[][] = [];
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const { searchParams } = new URL((input as Request).url);
      const page = searchParams.get('page');
      asked.push([page, searchParams.get('limit')]);
      const names =
        page === '2' ? ['Zantac'] : Array.from({ length: DUPLICATE_GROUPS_PAGE_SIZE }, (_, i) => `Med ${i}`);
      return Promise.resolve(json(200, { groups: names.map(pair), total, medicineCount: 2 * total }));
    });
    const { user } = renderWithStore(<DuplicateMedicinesNotice />, { path: PATHS.admin, signedInAs: ROLE.admin });

    await user.click(await screen.findByText(duplicateMedicinesNotice(2 * total)));
    expect(asked).toEqual([['1', String(DUPLICATE_GROUPS_PAGE_SIZE)]]);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('list', { name: 'Zantac, Pfizer' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(asked.at(-1)).toEqual(['2', String(DUPLICATE_GROUPS_PAGE_SIZE)]);
  });
});
