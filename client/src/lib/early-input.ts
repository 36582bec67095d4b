// A server-rendered page is usable before its JavaScript has run (docs/decisions/0019): links are
// real links and the catalogue's filters a GET form. This module, loaded by the 1 kB boot module
// ahead of the app, covers what HTML alone cannot do, until the page is hydrated:
// - a select in a form marked with SUBMIT_ON_CHANGE submits it, as the hydrated page applies a change
//   at once;
// - a tap on a control marked with EARLY_ACTION (such as 'Add to cart', which needs the session kept
//   in browser storage) is kept and carried out by the app once hydrated (`replayEarlyActions`);
// - a fieldset marked with ENABLED_WITH_SCRIPT, disabled in the HTML for a browser without JavaScript,
//   takes typing at once: its fields look ready, and typing into one still disabled went nowhere. Its
//   submit button is an EARLY_ACTION, so a press (or Enter in a field) sends nothing natively.
// Until then the page's events are its alone (React never sees them), so nothing is done twice.
// And for the page's whole life, an image that fails to load shows its IMAGE_FALLBACK instead, also
// when it failed before any script ran.

export const SUBMIT_ON_CHANGE = 'data-submit-on-change';
export const EARLY_ACTION = 'data-early-action';
export const IMAGE_FALLBACK = 'data-fallback-src';
export const ENABLED_WITH_SCRIPT = 'data-enabled-with-script';

const isHydrated = () => document.documentElement.dataset.hydrated === 'true';

/** The values of EARLY_ACTION tapped before hydration, in order. */
const pending: string[] = [];

function showFallback(image: HTMLImageElement) {
  const fallback = image.getAttribute(IMAGE_FALLBACK);
  if (!fallback || image.getAttribute('src') === fallback) return;
  image.removeAttribute('srcset');
  image.src = fallback;
}

/** Starts listening, then marks `<html data-early-input>`; boot.ts calls it first thing. */
export function catchEarlyInput(): void {
  // Load errors do not bubble, so they are caught on their way down.
  document.addEventListener(
    'error',
    (event) => event.target instanceof HTMLImageElement && showFallback(event.target),
    true,
  );
  for (const image of document.images) if (image.complete && image.naturalWidth === 0) showFallback(image);

  for (const fieldset of document.querySelectorAll<HTMLFieldSetElement>(`fieldset[${ENABLED_WITH_SCRIPT}]`))
    fieldset.disabled = false;

  // A choice made before this module ran counts too.
  for (const form of document.querySelectorAll<HTMLFormElement>(`form[${SUBMIT_ON_CHANGE}]`)) {
    const changed = [...form.querySelectorAll('select')].some((select) => !select.selectedOptions[0]?.defaultSelected);
    if (changed) form.requestSubmit();
  }
  document.addEventListener(
    'change',
    (event) => {
      if (isHydrated() || !(event.target instanceof HTMLSelectElement)) return;
      const form = event.target.form;
      if (!form?.hasAttribute(SUBMIT_ON_CHANGE)) return;
      event.stopPropagation();
      form.requestSubmit();
    },
    true,
  );
  document.addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest(`[${EARLY_ACTION}]`) : null;
      if (isHydrated() || !control) return;
      event.preventDefault();
      event.stopPropagation();
      const action = control.getAttribute(EARLY_ACTION)!;
      if (pending.includes(action)) return;
      pending.push(action);
      // Shown as working until the app carries it out.
      control.setAttribute('aria-busy', 'true');
    },
    true,
  );
  document.documentElement.dataset.earlyInput = 'true';
}

/** Carries out the taps kept before hydration, through the hydrated controls themselves. */
export function replayEarlyActions(): void {
  for (const action of pending.splice(0)) {
    const control = document.querySelector<HTMLElement>(`[${EARLY_ACTION}="${CSS.escape(action)}"]`);
    control?.removeAttribute('aria-busy');
    control?.click();
  }
}
