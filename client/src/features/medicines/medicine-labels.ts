import type { NotStockedIn } from '@apotheca/contract';

/** How a medicine's strength and form read on a card, a suggestion or a substitute: "500 mg · Tablet". */
export const strengthAndForm = ({ strength, dosageForm }: { strength: string; dosageForm: string | null }): string =>
  [strength, dosageForm].filter(Boolean).join(' · ');

/** The prescription facet's values ('true' and 'false', as in the query) in words. */
export const PRESCRIPTION_LABELS: Record<string, string> = {
  true: 'Prescription only',
  false: 'No prescription needed',
};

/**
 * What the catalogue and the header box say of a search for a strength or a form the medicine does not come in:
 * "We don’t stock “metformin” in that strength."
 */
export const notStockedIn = ({ name, notIn }: { name: string; notIn: NotStockedIn }): string =>
  `We don’t stock “${name}” in that ${notIn}.`;
