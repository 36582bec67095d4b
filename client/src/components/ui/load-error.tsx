import { errorMessage } from '../../lib/error-message';

/** A failed load on any screen, worded 'Error: {message}' (the product's wording for the order screens). */
export function LoadError({ error }: { error: unknown }) {
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      Error: {errorMessage(error)}
    </p>
  );
}
