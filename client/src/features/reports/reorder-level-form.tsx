import type { StockLevel } from '@apotheca/contract';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { errorMessage, fieldErrors } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useSetReorderLevelMutation } from './reports.api';

// The stock reports are read more than edited, by pharmacists too: the level's rules (a schema, and zod
// with it) come when an admin first edits a level, not with the page (docs/decisions/0136).
const importCheck = () => import('./reorder-level.validator');
let loadingCheck: ReturnType<typeof importCheck> | undefined;
const loadCheck = () => (loadingCheck ??= importCheck());

/** The admin's inline edit of a medicine's reorder level, in its row of the low-stock report. */
export function ReorderLevelForm({ medicine }: { medicine: StockLevel }) {
  const [value, setValue] = useState(String(medicine.reorderLevel));
  // When the report brings another level (another admin's change), the field shows it; but not when
  // it is the re-read of this admin's own save, which lands after they may have typed the next one.
  const [shown, setShown] = useState(medicine.reorderLevel);
  const [saved, setSaved] = useState<number>();
  if (medicine.reorderLevel !== shown) {
    setShown(medicine.reorderLevel);
    if (medicine.reorderLevel !== saved) setValue(String(medicine.reorderLevel));
  }
  const [error, setError] = useState<string>();
  const [save, { isLoading }] = useSetReorderLevelMutation();
  const errorId = useId();
  const submit = async () => {
    const parsed = (await loadCheck()).checkReorderLevel(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    try {
      const { reorderLevel } = parsed.data;
      await save({ medicineId: medicine._id, reorderLevel }).unwrap();
      setSaved(reorderLevel);
      toast.success(`Reorder level of ${medicine.name} set to ${reorderLevel}.`);
    } catch (failure) {
      setError(fieldErrors(failure).reorderLevel ?? errorMessage(failure));
    }
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="flex items-center gap-2">
        <input
          type="number"
          inputMode="numeric"
          min={0}
          value={value}
          onFocus={() => void loadCheck()}
          onChange={(event) => setValue(event.target.value)}
          aria-label={`Reorder level of ${medicine.name}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`w-20 rounded-md border bg-white px-2 py-1 text-right text-sm tabular-nums text-ink shadow-sm focus:border-brand-600 ${error ? 'border-red-500' : 'border-slate-300'}`}
        />
        <Button type="submit" size="sm" variant="secondary" busy={isLoading}>
          Save
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="max-w-48 whitespace-normal text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
