/** A long id in full where there is room, and its first characters (the whole id on hover) on a tablet. */
export function ShortId({ id }: { id: string }) {
  return (
    <span className="font-mono text-xs">
      <span className="hidden lg:inline">{id}</span>
      <span className="lg:hidden" title={id}>
        {id.slice(0, 8)}…
      </span>
    </span>
  );
}
