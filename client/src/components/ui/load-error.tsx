import { errorMessage } from '../../lib/error-message';
import { FormAlert } from './form-alert';

/** A failed load on any screen, worded 'Error: {message}' (the product's wording for the order screens). */
export function LoadError({ error }: { error: unknown }) {
  return <FormAlert>Error: {errorMessage(error)}</FormAlert>;
}
