import { SEARCH_QUERY_MAX_LENGTH } from '@apotheca/contract';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

/**
 * A staff list's search box: the words go to the server on submit (the list pages and filters
 * there), and an emptied box shows the whole list again. `children` holds the list's other filters.
 */
export function ListSearchForm({
  label,
  placeholder,
  value,
  onSearch,
  children,
}: {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (q: string) => void;
  children?: ReactNode;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // Back and forward change the URL's search: the box follows it.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  return (
    <form
      role="search"
      aria-label={label}
      className="mb-4 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text);
      }}
    >
      {/* At least 15rem: on a phone a list's filters go below the box rather than squeeze its placeholder to a few letters. */}
      <div className="flex min-w-60 flex-1 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        <input
          id={id}
          type="search"
          value={text}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder={placeholder}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value === '' && value !== '') onSearch('');
          }}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-ink shadow-sm placeholder:text-slate-500 focus:border-brand-600"
        />
      </div>
      {children}
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
}
