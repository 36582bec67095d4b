import { LEAFLET_SECTION_LABELS, LEAFLET_SECTIONS, type Medicine } from '@apotheca/contract';

/** The leaflet's sections that say something, in the contract's order; line breaks are kept. */
export function MedicineLeaflet({ medicine }: { medicine: Medicine }) {
  const sections = LEAFLET_SECTIONS.filter((section) => medicine[section].trim() !== '');
  if (sections.length === 0) return null;
  return (
    <section aria-labelledby="leaflet" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="leaflet" className="text-2xl font-bold tracking-tight text-ink">
        About this medicine
      </h2>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        {sections.map((section) => (
          <section key={section} className={section === 'description' ? 'md:col-span-2' : undefined}>
            <h3 className="font-semibold text-ink">{LEAFLET_SECTION_LABELS[section]}</h3>
            <p className="mt-1 whitespace-pre-line text-muted">{medicine[section]}</p>
          </section>
        ))}
      </div>
    </section>
  );
}
