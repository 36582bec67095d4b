import {
  formatPrice,
  cataloguePath,
  isBlankText,
  medicinePath,
  PATHS,
  SEARCH_QUERY_MAX_LENGTH,
  SUGGESTIONS_MIN_LENGTH,
  type MedicineSuggestion,
} from '@apotheca/contract';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../lib/debounced-value.hook';
import { filtersFromSearch } from './catalogue-filters';
import { notStockedIn, strengthAndForm } from './medicine-labels';
import { PrescriptionBadge } from './prescription-badge';
import { useSuggestMedicinesQuery } from './medicines.api';

/** A pause in typing this long asks for suggestions; each key does not. */
const SUGGESTIONS_DELAY_MS = 150;

/** What the empty box says it is for, and the shorter hint it shows where that would be cut. */
const SEARCH_PLACEHOLDER = 'Search medicines';
const SHORT_SEARCH_HINT = 'Search';

/**
 * The search box of the main header: an ARIA combobox (WAI-ARIA 1.2, list autocomplete). From two
 * letters on it lists suggestions; Up and Down move through them, Enter opens the one chosen or, with
 * none chosen, searches the catalogue; Escape closes the list, and a second Escape empties the box.
 * It is a GET form to the catalogue, so it searches with JavaScript off or before hydration too.
 */
export function MedicineSearchBox({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  // On the catalogue the box shows what was searched; a new search in the URL replaces what was typed.
  const searched = pathname === PATHS.medicines ? filtersFromSearch(search).q : '';
  const [shownSearch, setShownSearch] = useState(searched);
  const [text, setText] = useState(searched);
  if (searched !== shownSearch) {
    setShownSearch(searched);
    setText(searched);
  }
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // A shopper on a slow connection may type before the page's script has run. Hydration leaves the
  // typed words in the box (its value, where its default is the page's own); the box takes them over,
  // with their suggestions if it still has focus, rather than putting its own text back at its next
  // render. Once, as the box is first shown: from then on every key goes through onChange.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const box = input.current!;
    if (box.value === box.defaultValue) return;
    setText(box.value);
    setOpen(document.activeElement === box);
  }, []);

  const typed = useDebouncedValue(text.trim(), SUGGESTIONS_DELAY_MS);
  // Asked for only while the box is in use: a search shown on the catalogue page asks for nothing.
  const wanted = open && typed.length >= SUGGESTIONS_MIN_LENGTH && text.trim().length >= SUGGESTIONS_MIN_LENGTH;
  const { currentData } = useSuggestMedicinesQuery(typed, { skip: !wanted });
  // Only the list of the words in the box now: an earlier query's, kept while the new one waits for a
  // pause in typing or for its answer, would offer medicines that may not match what is typed.
  const current = wanted && typed === text.trim();
  const suggestions: MedicineSuggestion[] = current ? (currentData?.suggestions ?? []) : [];
  // A strength or form the medicine does not come in matches nothing: rather than no list, searches of the
  // strengths it does come in and of the medicine alone, under a note that says so (as the catalogue does).
  const offered = current ? currentData?.otherStrengths : undefined;
  const searches = offered
    ? [
        ...offered.strengths.map((strength) => ({
          q: `${offered.name} ${strength}`,
          label: `${offered.name} ${strength}`,
        })),
        { q: offered.name, label: `All “${offered.name}”` },
      ]
    : [];
  const optionCount = suggestions.length + searches.length;
  const expanded = optionCount > 0;
  const activeIndex = expanded && active < optionCount ? active : -1;

  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const openMedicine = (suggestion: MedicineSuggestion) => {
    close();
    setText('');
    void navigate(medicinePath(suggestion._id));
  };
  const searchCatalogue = (q: string) => {
    close();
    void navigate(cataloguePath(isBlankText(q) ? {} : { q }));
  };
  /** The option at `index`: a medicine suggested, else one of the searches offered after them. */
  const choose = (index: number) => {
    const suggestion = suggestions[index];
    if (suggestion) openMedicine(suggestion);
    else searchCatalogue(searches[index - suggestions.length]!.q);
  };
  /** What every option has: its place in the keyboard's order, and a press or a click that chooses it. */
  const optionProps = (index: number) => ({
    id: optionId(index),
    role: 'option',
    'aria-selected': index === activeIndex,
    // Pressing an option must not blur the box first, which would close the list under the pointer.
    onMouseDown: (event: MouseEvent) => event.preventDefault(),
    onClick: () => choose(index),
    onMouseMove: () => index !== activeIndex && setActive(index),
    className: `flex cursor-pointer items-center gap-3 px-4 py-2 ${index === activeIndex ? 'bg-brand-50' : ''}`,
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        // A closed list opens first; the next key moves through it.
        if (!expanded) {
          setOpen(true);
          return;
        }
        const last = optionCount - 1;
        // From the box itself Down goes to the first suggestion and Up to the last; both wrap around.
        if (event.key === 'ArrowDown') setActive(activeIndex < last ? activeIndex + 1 : 0);
        else setActive(activeIndex > 0 ? activeIndex - 1 : last);
        return;
      }
      case 'Enter': {
        if (activeIndex >= 0) {
          event.preventDefault();
          choose(activeIndex);
        }
        // Otherwise the form is submitted: a search of the catalogue.
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (expanded) close();
        else setText('');
        return;
    }
  };

  return (
    <form
      role="search"
      method="get"
      action={PATHS.medicines}
      className={`flex min-w-0 items-center lg:relative ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        searchCatalogue(text.trim());
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        {SEARCH_PLACEHOLDER}
      </label>
      {/*
        A placeholder is one text, which a box too narrow for it cuts ("Search m…"): there the box's
        width, not the screen's, hides it and draws the short hint in its place, in CSS alone, so the
        server's page shows the right one before (or without) the app. The hint is gone once anything is
        typed, as a placeholder is; the box's label names it for a screen reader.
      */}
      <div className="@container relative min-w-0 flex-1">
        <input
          ref={input}
          id={`${id}-input`}
          type="search"
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder={SEARCH_PLACEHOLDER}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
          className="peer h-10 w-full min-w-0 rounded-l-lg border border-r-0 border-slate-300 bg-white px-2.5 text-sm text-ink shadow-sm placeholder:text-slate-500 focus:border-brand-600 lg:px-3 @max-search-hint:placeholder:text-transparent"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 hidden items-center border border-transparent px-2.5 text-sm text-slate-500 lg:px-3 @max-search-hint:peer-placeholder-shown:flex"
        >
          {SHORT_SEARCH_HINT}
        </span>
      </div>
      <button
        type="submit"
        aria-label="Search"
        className="flex h-10 shrink-0 items-center rounded-r-lg bg-brand-700 px-2.5 text-white hover:bg-brand-800 lg:px-3"
      >
        <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m16 16 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-50 max-h-[70vh] overflow-y-auto border-y border-slate-200 bg-white py-1 shadow-lg lg:inset-x-auto lg:right-0 lg:mt-1 lg:w-[26rem] lg:rounded-xl lg:border"
      >
        {suggestions.map((suggestion, index) => (
          <li key={suggestion._id} {...optionProps(index)}>
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="flex items-center gap-2 font-medium text-ink">
                <span className="truncate">{suggestion.name}</span>
                {suggestion.prescriptionRequired ? <PrescriptionBadge /> : null}
              </span>
              <span className="truncate text-xs text-muted">
                {[suggestion.activeIngredient, strengthAndForm(suggestion)].filter(Boolean).join(' · ')}
              </span>
            </span>
            <span className="shrink-0 text-sm font-semibold text-brand-800">{formatPrice(suggestion.price)}</span>
          </li>
        ))}
        {offered ? (
          // A list item may not be a group itself: the group sits in one that is no item of the listbox.
          <li role="none">
            <div role="group" aria-labelledby={`${id}-offered`}>
              <p id={`${id}-offered`} className="px-4 pt-1 pb-2 text-sm text-muted">
                {notStockedIn(offered)} It comes in:
              </p>
              <ul role="none">
                {searches.map(({ q, label }, index) => (
                  <li key={q} {...optionProps(suggestions.length + index)}>
                    <span className="min-w-0 flex-1 truncate font-medium text-ink">{label}</span>
                  </li>
                ))}
              </ul>
            </div>
          </li>
        ) : null}
      </ul>
    </form>
  );
}
