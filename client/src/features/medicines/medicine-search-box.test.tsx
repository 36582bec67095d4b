import { NOT_STOCKED_IN, type MedicineSuggestion, type MedicineSuggestionsResponse } from '@apotheca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../test/render-with-store';
import { MedicineSearchBox } from './medicine-search-box';
import { stubBrowserRequest } from '../../test/browser-request';

const suggestion = (name: string, overrides: Partial<MedicineSuggestion> = {}): MedicineSuggestion => ({
  _id: `id-${name}`,
  name,
  activeIngredient: 'Paracetamol',
  strength: '500 mg',
  dosageForm: 'Tablet',
  prescriptionRequired: false,
  price: 3.5,
  imageUrl: '/art/tablet.svg',
  ...overrides,
});
const SUGGESTIONS = [
  suggestion('Panadol'),
  suggestion('Calpol', { dosageForm: 'Syrup', strength: '120 mg/5 mL' }),
  suggestion('Co-codamol', { prescriptionRequired: true }),
];

/** Answers the suggestions call with `answer` (SUGGESTIONS) and records which `q` each call asked for. */
function serveSuggestions(answer: MedicineSuggestionsResponse = { suggestions: SUGGESTIONS }) {
  const asked: string[] = [];
  stubBrowserRequest();
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    asked.push(url.searchParams.get('q') ?? '');
    const body = JSON.stringify(answer);
    return Promise.resolve(new Response(body, { headers: { 'content-type': 'application/json' } }));
  });
  return asked;
}

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{`${pathname}${search}`}</output>;
}

function renderBox(path = '/') {
  const view = renderWithStore(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <MedicineSearchBox />
            <Where />
          </>
        }
      />
    </Routes>,
    { path },
  );
  return { ...view, box: screen.getByRole('combobox', { name: 'Search medicines' }) };
}
const location = () => screen.getByLabelText('location').textContent;

/** The box, served SUGGESTIONS, with `text` typed and the list of its options shown. */
async function boxShowingOptions(text: string) {
  serveSuggestions();
  const view = renderBox();
  await view.user.type(view.box, text);
  return { ...view, options: await screen.findAllByRole('option') };
}

describe('the header search box', () => {
  it('asks for suggestions from the second letter on and lists them as options', async () => {
    const asked = serveSuggestions();
    const { user, box } = renderBox();
    await user.type(box, 'p');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked).toEqual([]);
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.type(box, 'a');
    const options = await screen.findAllByRole('option');
    expect(asked).toEqual(['pa']);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(options.map((option) => option.textContent)).toEqual([
      'PanadolParacetamol · 500 mg · Tablet$3.50',
      'CalpolParacetamol · 120 mg/5 mL · Syrup$3.50',
      'Co-codamolRxPrescription requiredParacetamol · 500 mg · Tablet$3.50',
    ]);
  });

  it('moves through the options with Down and Up, wrapping around, and opens the chosen one with Enter', async () => {
    const { user, box, options } = await boxShowingOptions('para');
    expect(box).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/medicines/id-Co-codamol'));
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('searches the catalogue with Enter when no option is chosen', async () => {
    const { user } = await boxShowingOptions('  amoxicilin 500 ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/medicines?q=amoxicilin+500'));
  });

  it('shows the whole catalogue for words that show nothing, as for an empty box', async () => {
    serveSuggestions();
    const { box, user } = renderBox('/medicines?q=para');
    await user.clear(box);
    await user.type(box, '\u200b{Enter}');
    await waitFor(() => expect(location()).toBe('/medicines'));
  });

  it('closes the list with Escape and empties the box with a second Escape', async () => {
    const { user, box } = await boxShowingOptions('pan');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveValue('pan');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
  });

  it('opens a suggestion with a click', async () => {
    serveSuggestions();
    const { user, box } = renderBox();
    await user.type(box, 'cal');
    await user.click(await screen.findByRole('option', { name: /Calpol/ }));
    await waitFor(() => expect(location()).toBe('/medicines/id-Calpol'));
  });

  it('shows the search of the catalogue page it is on, and asks for suggestions only once it is used', async () => {
    const asked = serveSuggestions();
    const { user, box } = renderBox('/medicines?q=ibuprofen&page=2');
    expect(box).toHaveValue('ibuprofen');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked).toEqual([]);
    await user.click(box);
    await screen.findAllByRole('option');
    expect(asked).toEqual(['ibuprofen']);
  });

  it('offers the strengths a medicine comes in for a strength not stocked, each a search of the catalogue', async () => {
    serveSuggestions({
      suggestions: [],
      otherStrengths: { name: 'metformin', notIn: NOT_STOCKED_IN.strength, strengths: ['500 mg', '850 mg'] },
    });
    const { user, box } = renderBox();
    await user.type(box, 'metformin 750 mg');
    const offered = await screen.findByRole('group', {
      name: 'We don’t stock “metformin” in that strength. It comes in:',
    });
    expect(
      within(offered)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['metformin 500 mg', 'metformin 850 mg', 'All “metformin”']);
    expect(box).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'All “metformin”' }).id);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(location()).toBe('/medicines?q=metformin+850+mg'));
    expect(box).toHaveValue('metformin 850 mg');

    await user.clear(box);
    await user.type(box, 'metformin 750 mg');
    await user.click(await screen.findByRole('option', { name: 'metformin 500 mg' }));
    await waitFor(() => expect(location()).toBe('/medicines?q=metformin+500+mg'));
  });

  it('opens the list again with Down after Escape closed it', async () => {
    const { user, box } = await boxShowingOptions('pan');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]!.id);
  });

  it('offers no list of an earlier query while the suggestions of the words now typed load', async () => {
    const asked: string[] = [];
    let answerPan = () => {};
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const q = new URL(input instanceof Request ? input.url : String(input)).searchParams.get('q') ?? '';
      asked.push(q);
      const answer = (suggestions: MedicineSuggestion[]) =>
        new Response(JSON.stringify({ suggestions }), { headers: { 'content-type': 'application/json' } });
      if (q !== 'pan') return Promise.resolve(answer(SUGGESTIONS));
      return new Promise((resolve) => (answerPan = () => resolve(answer([suggestion('Panadol')]))));
    });
    const { user, box } = renderBox();
    await user.type(box, 'pa');
    expect(await screen.findAllByRole('option')).toHaveLength(3);

    // Calpol and Co-codamol are no suggestions for "pan": the list of "pa" goes while it loads.
    await user.type(box, 'n');
    await waitFor(() => expect(asked).toEqual(['pa', 'pan']));
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(box).not.toHaveAttribute('aria-activedescendant');

    answerPan();
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['PanadolParacetamol · 500 mg · Tablet$3.50']);
  });
});
