import { HERO_FADE_MS, HERO_ROTATION_MS, PATHS, TOP_SELLERS_COUNT, TOP_SELLERS_PLACEHOLDERS } from '@apotheca/contract';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { FadeBanner } from '../../components/ui/fade-banner';
import { MedicineCard } from '../../features/medicines/medicine-card';
import { MedicineCardSkeleton } from '../../features/medicines/medicine-card-skeleton';
import { useListMedicinesQuery } from '../../features/medicines/medicines.api';
import { useAddToCart } from '../add-to-cart.hook';

const BANNER_IMAGES = [
  { src: '/art/hero-capsules.svg', alt: 'Colourful capsules' },
  { src: '/art/hero-bottle.svg', alt: 'A bottle of medicine' },
  { src: '/art/hero-heart.svg', alt: 'A heart with a pulse line' },
  { src: '/art/hero-leaf.svg', alt: 'A green leaf' },
];

// The four plans are for display only: no action is attached to their buttons.
const PLANS = [
  {
    name: 'Free',
    price: '$0',
    per: '/mo',
    features: ['1 user account', '10 transactions per month', 'Basic support'],
    cta: 'Sign Up',
  },
  {
    name: 'Starter',
    price: '$49',
    per: '/mo',
    features: ['5 user accounts', '100 transactions per month', 'Standard support'],
    cta: 'Get Started',
  },
  {
    name: 'Pro',
    price: '$99',
    per: '/mo',
    features: ['Unlimited accounts', 'Unlimited transactions', 'Priority support', 'Advanced analytics'],
    cta: 'Get Started',
  },
  {
    name: 'Enterprise',
    price: 'Custom',
    per: '',
    features: ['Dedicated infrastructure', 'Custom integrations', 'Dedicated support team', 'Premium SLAs'],
    cta: 'Contact Sales',
  },
] as const;

function Check() {
  return (
    <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true">
      <path d="M4 10.5 8 14.5 16 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The catalogue's size as the hero states it: rounded down to tens ("220+"), so it stays true as
 * medicines are added, and exact below ten. It counts every medicine listed, in stock or not.
 */
const catalogueFigure = (total: number) => (total < 10 ? String(total) : `${Math.floor(total / 10) * 10}+`);

function TopSellers() {
  // The list is loaded on entry with no arguments, which the server answers with its first 5.
  const { data, isLoading, error } = useListMedicinesQuery();
  const { addToCart, isAdding } = useAddToCart();
  return (
    <section aria-labelledby="top-sellers" className="mx-auto max-w-7xl px-4 py-12">
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id="top-sellers" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          Top Sellers
        </h2>
        <Link to={PATHS.medicines} className="text-sm font-semibold text-brand-700 hover:text-brand-900">
          View all medicines →
        </Link>
      </div>
      {error ? <LoadError error={error} /> : null}
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {isLoading
          ? Array.from({ length: TOP_SELLERS_PLACEHOLDERS }, (_, index) => <MedicineCardSkeleton key={index} />)
          : data?.medicines
              .slice(0, TOP_SELLERS_COUNT)
              .map((medicine) => (
                <MedicineCard
                  key={medicine._id}
                  medicine={medicine}
                  onAddToCart={addToCart}
                  adding={isAdding(medicine._id)}
                />
              ))}
        {data ? (
          <Link
            to={PATHS.medicines}
            className="flex min-h-48 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-brand-200 bg-brand-50 p-6 text-center font-semibold text-brand-800 hover:border-brand-500"
          >
            <span className="text-4xl" aria-hidden="true">
              +
            </span>
            Browse the whole catalogue
          </Link>
        ) : null}
      </div>
    </section>
  );
}

export default function HomePage() {
  // The same call as Top Sellers' (one request, server-rendered with the page): its total is the catalogue's.
  const { data } = useListMedicinesQuery();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-transparent">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 md:grid-cols-2 md:py-20">
          <div className="flex flex-col items-start gap-6">
            <p className="rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
              Licensed online pharmacy
            </p>
            <h1 className="text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">
              Your trusted online pharmacy
            </h1>
            <p className="max-w-xl text-lg text-muted">
              Genuine medicines from trusted makers, clear prices and fast delivery. Browse the catalogue, fill your
              cart and follow every order from one place.
            </p>
            <Link to={PATHS.medicines} className={buttonClasses('primary', 'lg')}>
              Let's Start Shopping
            </Link>
          </div>
          <ul className="grid grid-cols-2 gap-4 text-sm">
            {[
              [data ? catalogueFigure(data.total) : null, 'medicines in our catalogue'],
              ['9', 'categories of care'],
              ['24 h', 'dispatch on most orders'],
              ['100%', 'secure card payment'],
            ].map(([figure, label]) => (
              <li key={label} className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm">
                <p className="text-3xl font-bold text-brand-700">
                  {/* Until the catalogue has answered, a bar of the figure's height keeps the tile's size. */}
                  {figure ?? (
                    <span aria-hidden="true" className="inline-block h-9 w-20 rounded bg-brand-50 align-top" />
                  )}
                </p>
                <p className="mt-1 text-muted">{label}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <TopSellers />

      <section aria-label="Featured" className="mx-auto max-w-7xl px-4 py-6">
        <FadeBanner images={BANNER_IMAGES} intervalMs={HERO_ROTATION_MS} fadeMs={HERO_FADE_MS}>
          <div className="flex min-h-80 max-w-xl flex-col justify-center gap-5 p-8 text-white sm:p-12">
            <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">Health care, delivered with care</h2>
            <p className="text-brand-50">Everything from everyday pain relief to long-term treatments.</p>
            <div className="flex flex-wrap gap-3">
              <Link to={PATHS.medicines} className={buttonClasses('secondary', 'lg')}>
                Get started
              </Link>
              <Link
                to={PATHS.about}
                className="inline-flex items-center rounded-lg px-5 py-3 font-semibold text-white ring-1 ring-white/70 hover:bg-white/10"
              >
                Learn more
              </Link>
            </div>
          </div>
        </FadeBanner>
      </section>

      <section aria-labelledby="subscriptions" className="mx-auto max-w-7xl px-4 py-14">
        <h2 id="subscriptions" className="text-center text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          Subscriptions
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-muted">Plans for pharmacies and clinics of every size.</p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PLANS.map((plan) => (
            <li
              key={plan.name}
              className={`flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${plan.name === 'Pro' ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200'}`}
            >
              <h3 className="text-lg font-semibold text-ink">{plan.name}</h3>
              <p className="mt-3">
                <span className="text-4xl font-extrabold text-ink">{plan.price}</span>
                <span className="text-muted">{plan.per}</span>
              </p>
              <ul className="mt-6 flex flex-1 flex-col gap-2 text-sm text-muted">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Check />
                    {feature}
                  </li>
                ))}
              </ul>
              <button type="button" className={`${buttonClasses(plan.name === 'Pro' ? 'primary' : 'secondary')} mt-6`}>
                {plan.cta}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="app-promo" className="mx-auto max-w-7xl px-4 pb-16">
        <div className="grid items-center gap-8 overflow-hidden rounded-3xl bg-brand-900 px-8 pt-10 text-white md:grid-cols-2 md:px-14">
          <div className="flex flex-col gap-4 pb-10">
            <h2 id="app-promo" className="text-3xl font-bold tracking-tight">
              Your pharmacy in your pocket
            </h2>
            <p className="text-brand-100">Reorder in two taps and follow your deliveries with the Apotheca app.</p>
            <div className="flex flex-wrap gap-3">
              {/* The app-store badges are for display only: they link nowhere. */}
              <a className="inline-flex items-center gap-2 rounded-xl bg-black px-4 py-2.5 ring-1 ring-white/30">
                <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" fill="currentColor">
                  <path d="M16.4 12.6c0-2.4 2-3.5 2-3.6-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.9-3-.8-1.6 0-3 .9-3.8 2.300-1.600 2.800-.4 7 1.100 9.300.8 1.100 1.700 2.300 2.900 2.300 1.100 0 1.600-.8 3-.8s1.800.8 3 .7c1.200 0 2-1.100 2.800-2.300.9-1.300 1.200-2.500 1.200-2.600 0 0-2.300-.9-2.300-3.600zM14.200 5.600c.6-.8 1.100-1.800.9-2.900-.9 0-2 .6-2.700 1.400-.6.700-1.100 1.800-1 2.800 1.100.1 2.100-.5 2.800-1.300z" />
                </svg>
                <span className="flex flex-col text-left leading-tight">
                  <span className="text-xs text-slate-300">Download on the</span>
                  <span className="font-semibold">Mac App Store</span>
                </span>
              </a>
              <a className="inline-flex items-center gap-2 rounded-xl bg-black px-4 py-2.5 ring-1 ring-white/30">
                <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
                  <path d="M4 2.5 14 12 4 21.5z" fill="#34d399" />
                  <path d="M4 2.5 17.5 10 14 12z" fill="#60a5fa" />
                  <path d="M4 21.5 17.5 14 14 12z" fill="#f87171" />
                  <path d="M17.5 10 21 12l-3.5 2L14 12z" fill="#facc15" />
                </svg>
                <span className="flex flex-col text-left leading-tight">
                  <span className="text-xs text-slate-300">Get it on</span>
                  <span className="font-semibold">Google Play</span>
                </span>
              </a>
            </div>
          </div>
          <img
            src="/art/app-phone.svg"
            alt="The Apotheca app on a phone"
            width={320}
            height={520}
            loading="lazy"
            className="mx-auto h-72 w-auto self-end"
          />
        </div>
      </section>
    </>
  );
}
