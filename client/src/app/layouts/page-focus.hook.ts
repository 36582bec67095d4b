import { useEffect, useEffectEvent, type RefObject } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/** What every page's title ends with, after the page's own heading. */
const SITE_NAME = 'Apotheca';

/** A page's title: its main heading, then the shop; the server writes the same into a page it renders. */
export const pageTitle = (heading: string) => `${heading} · ${SITE_NAME}`;

/** Nothing holds the focus: the browser starts the next Tab at the document's start. */
const focusIsLost = () => document.activeElement === document.body || document.activeElement === null;

/**
 * Where focus goes in the page shown in `main`, so a keyboard or screen reader user is never sent
 * back to the document's start:
 * - A page reached inside the app is announced as a page loaded anew would be: its title names it (its
 *   main heading, then the shop), and focus moves to that heading, so a screen reader reads where the
 *   reader arrived and the next Tab starts at the page's top instead of at the followed link (or, when
 *   that link left with the old page, at the document's start). The heading may come later than the
 *   route (a lazy page, a page that loads its record first): it is watched for until it comes. Only
 *   focus that stayed where the navigation left it is moved: a reader who went on meanwhile keeps
 *   their place. The page a visit starts on (the router's first location, keyed 'default') keeps the
 *   browser's own focus, at the document's start; a new query on the same path (a search, a filter, a
 *   list's page) is the same page, and keeps focus too.
 * - A page that puts the focus on one of its own controls as it comes (the login form's password, when a
 *   registration filled in its e-mail) keeps it there: the page knows what its reader types next.
 * - A page a link opens starts at its top, as a page loaded anew does, and its heading takes focus
 *   without scrolling: the router keeps the old page's scroll otherwise, so a medicine opened from far
 *   down the catalogue showed its middle, and focus alone scrolled the heading under the fixed header.
 *   Back and Forward leave the scroll to the browser, which puts the reader back where they were.
 * - A control that leaves the page while it has focus (a removed cart item's Remove button) would drop
 *   focus to the document's start: it goes to the page's heading instead.
 */
export function usePageFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname, key } = useLocation();
  const navigationType = useNavigationType();
  const cameByNavigation = useEffectEvent(() => key !== 'default');
  const openedByLink = useEffectEvent(() => key !== 'default' && navigationType !== NavigationType.Pop);
  useEffect(() => {
    const region = main.current;
    if (!region) return;
    const focusAtNavigation = document.activeElement;
    // Focus in the region now is the new page's own doing (the old page has gone): it stays.
    let arrivalFocused = !cameByNavigation() || region.contains(focusAtNavigation);
    let lastFocused: Element | null = null;
    if (openedByLink()) window.scrollTo(0, 0);
    const focusHeading = (heading: HTMLElement, options?: FocusOptions) => {
      heading.tabIndex = -1;
      heading.focus(options);
    };
    const onChange = () => {
      const heading = region.querySelector('h1');
      const name = heading?.textContent?.trim();
      if (!heading || !name) return;
      document.title = pageTitle(name);
      if (lastFocused && !lastFocused.isConnected && focusIsLost()) {
        lastFocused = null;
        focusHeading(heading);
      }
      if (arrivalFocused) return;
      arrivalFocused = true;
      if (document.activeElement === focusAtNavigation || focusIsLost()) focusHeading(heading, { preventScroll: true });
    };
    const remember = (event: FocusEvent) => {
      lastFocused = event.target as Element;
    };
    onChange();
    region.addEventListener('focusin', remember);
    // The heading's text can change after it shows (a record's name once it has loaded): the title follows.
    const observer = new MutationObserver(onChange);
    observer.observe(region, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      region.removeEventListener('focusin', remember);
    };
  }, [main, pathname]);
}
