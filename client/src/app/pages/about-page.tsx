import { PATHS } from '@apotheca/contract';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';

const VALUES = [
  { title: 'Genuine medicines', text: 'Every product comes from licensed makers and is checked before it leaves us.' },
  { title: 'Pharmacists on hand', text: 'Our team answers questions about dosage, storage and interactions.' },
  { title: 'Clear prices', text: 'What you see in the catalogue is what you pay, in dollars, with no hidden fees.' },
];

export default function AboutPage() {
  return (
    <article className="mx-auto mt-4 flex max-w-4xl flex-col gap-10">
      <header className="rounded-3xl bg-brand-900 px-6 py-12 text-white sm:px-12">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-200">About us</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">About Apotheca</h1>
        <p className="mt-4 max-w-2xl text-brand-50">
          Apotheca is an online pharmacy that brings everyday and long-term medicines to your door. Lorem ipsum dolor
          sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.
        </p>
      </header>
      <section aria-labelledby="values" className="flex flex-col gap-6">
        <h2 id="values" className="text-2xl font-bold text-ink">
          What we stand for
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {VALUES.map((value) => (
            <li key={value.title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="font-semibold text-ink">{value.title}</h3>
              <p className="mt-2 text-sm text-muted">{value.text}</p>
            </li>
          ))}
        </ul>
        <p className="text-muted">
          Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.
          Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur.
        </p>
      </section>
      <div className="flex flex-wrap gap-3">
        <Link to={PATHS.medicines} className={buttonClasses('primary', 'lg')}>
          Browse medicines
        </Link>
        <Link to={PATHS.contact} className={buttonClasses('secondary', 'lg')}>
          Contact us
        </Link>
      </div>
    </article>
  );
}
