/** A loading placeholder the size of a medicine card. */
export function MedicineCardSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse overflow-hidden rounded-2xl border border-slate-200 bg-white">
      <div className="aspect-[4/3] bg-slate-200" />
      {/* The same height as a loaded card, so nothing moves when the cards arrive. */}
      <div className="flex flex-col gap-3 p-4">
        <div className="h-7 w-2/3 rounded bg-slate-200" />
        <div className="h-[4.25rem] w-3/4 rounded bg-slate-200" />
        <div className="h-5 w-1/3 rounded bg-slate-200" />
        <div className="mt-1 h-9 rounded-lg bg-slate-200" />
      </div>
    </div>
  );
}
