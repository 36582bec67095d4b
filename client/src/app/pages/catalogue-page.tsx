import {
  CAROUSEL_AUTOPLAY_MS,
  CAROUSEL_MIN_DRAG_PX,
  CATALOGUE_PAGE_SIZE,
  cataloguePath,
  isPriceRange,
  type MedicineListResponse,
} from '@apotheca/contract';
import { Link, useSearchParams } from 'react-router';
import { BannerCarousel, type BannerSlide } from '../../components/ui/banner-carousel';
import { LoadError } from '../../components/ui/load-error';
import { Pager } from '../../components/ui/pager';
import {
  catalogueSearch,
  filtersFromSearch,
  isNarrowed,
  listQueryOf,
  searchWithFilter,
  type CatalogueFilters,
} from '../../features/medicines/catalogue-filters';
import { CatalogueFacets, hasFacets } from '../../features/medicines/catalogue-facets';
import { CatalogueToolbar } from '../../features/medicines/catalogue-toolbar';
import { MedicineCard } from '../../features/medicines/medicine-card';
import { notStockedIn } from '../../features/medicines/medicine-labels';
import { MedicineCardSkeleton } from '../../features/medicines/medicine-card-skeleton';
import { useListMedicinesQuery } from '../../features/medicines/medicines.api';
import { useAddToCart } from '../add-to-cart.hook';
import { countLabel } from '../../lib/count-label';

const SLIDES: readonly BannerSlide[] = [
  {
    src: '/art/banner-delivery.svg',
    alt: 'A delivery van carrying a parcel of medicines',
    title: 'Delivered to your door',
    text: 'Order today and follow every step from your orders page.',
  },
  {
    src: '/art/banner-pharmacist.svg',
    alt: 'A pharmacist holding a prescription',
    title: 'Checked by pharmacists',
    text: 'Every medicine comes from licensed makers and is checked before it ships.',
  },
  {
    src: '/art/banner-wellness.svg',
    alt: 'A heart with a pulse line',
    title: 'Care for every day',
    text: 'From pain relief to heart health, find what you need in one place.',
  },
];

export default function CataloguePage() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  // A price range that holds no price is said at its fields (the toolbar), not searched: the page then
  // shows that alone, with no results, no empty-list notice and no paging to contradict it.
  const searched = isPriceRange(filters.minPrice, filters.maxPrice);
  const { data, isFetching, error } = useListMedicinesQuery(listQueryOf(filters), { skip: !searched });
  const { addToCart, isAdding, quantityOf } = useAddToCart();
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / filters.limit));
  const change = (next: Partial<Omit<CatalogueFilters, 'page'>>) => setSearch(searchWithFilter(search, next));

  return (
    // On a phone the banner, heading and filters are compact, so the first card is in view at once.
    <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:gap-8 sm:py-8">
      <BannerCarousel
        slides={SLIDES}
        label="Highlights"
        autoplayMs={CAROUSEL_AUTOPLAY_MS}
        minDragPx={CAROUSEL_MIN_DRAG_PX}
      />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Medicines</h1>
        {data ? <CatalogueFacets layout="fold" facets={data.facets} filters={filters} /> : null}
        {filters.q ? (
          <p className="basis-full text-muted" role="status">
            Results for <span className="font-semibold text-ink">“{filters.q}”</span>
            {data && !isFetching ? ` · ${countLabel(data.total, 'medicine')}` : null}
            {' · '}
            <Link
              to={cataloguePath(searchWithFilter(catalogueSearch(filters), { q: '' }))}
              className="font-semibold text-brand-700 hover:text-brand-900"
            >
              Clear search
            </Link>
          </p>
        ) : (
          <p className="hidden basis-full text-muted sm:block">Browse the catalogue by category and price.</p>
        )}
      </div>
      <CatalogueToolbar filters={filters} onChange={change} />
      {error ? <LoadError error={error} /> : null}
      {searched ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
          {data ? <CatalogueFacets layout="column" facets={data.facets} filters={filters} /> : null}
          {/* Once nothing matched there is no facet column: what the page says about it takes the whole width. */}
          <div
            className={`flex flex-col gap-6 ${!data || hasFacets({ facets: data.facets, filters }) ? 'lg:col-start-2' : 'lg:col-span-2'}`}
          >
            <h2 className="sr-only">Results</h2>
            <div aria-busy={isFetching} className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {isFetching
                ? Array.from({ length: Math.min(filters.limit, CATALOGUE_PAGE_SIZE) }, (_, index) => (
                    <MedicineCardSkeleton key={index} />
                  ))
                : // After a failed load the cards kept would be another page's (page 1's under "Page 2"): the error shows alone.
                  error
                  ? null
                  : data?.medicines.map((medicine, index) => (
                      <MedicineCard
                        key={medicine._id}
                        medicine={medicine}
                        eager={index < 3}
                        onAddToCart={addToCart}
                        adding={isAdding(medicine._id)}
                        cartQuantity={quantityOf(medicine._id)}
                        openedFrom={search}
                      />
                    ))}
            </div>
            {!isFetching && data?.medicines.length === 0 ? (
              <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
                {data.total > 0 ? (
                  // A link kept from a longer list, or a page number typed in: the matches are on earlier
                  // pages, so a spelling hint would mislead.
                  <>
                    <p className="text-lg text-muted">
                      Page {filters.page} is past the last page of {countLabel(data.total, 'medicine')}.
                    </p>
                    <Link
                      to={cataloguePath(searchWithFilter(search, { page: pageCount }))}
                      className="font-semibold text-brand-700 hover:text-brand-900"
                    >
                      Go to page {pageCount}
                    </Link>
                  </>
                ) : data.otherStrengths ? (
                  // The name is found, not in the strength or form typed: a spelling hint would mislead, and a patient
                  // should not take another strength for it unawares, so each is offered by its strength.
                  <StrengthsOffered {...data.otherStrengths} filters={filters} />
                ) : (
                  <>
                    <p className="text-lg text-muted">No medicines found</p>
                    <p className="text-sm text-muted">
                      {!filters.q ? (
                        'Try a wider price range or another category.'
                      ) : isNarrowed(filters) ? (
                        // The words may well be spelt right and the filters set be what leaves nothing.
                        <>
                          Check the spelling, or{' '}
                          <Link
                            to={cataloguePath(searchWithFilter(new URLSearchParams(), { q: filters.q }))}
                            className={linkClass}
                          >
                            search the whole shop for “{filters.q}”
                          </Link>
                          .
                        </>
                      ) : (
                        'Check the spelling, or search by the active ingredient, such as “paracetamol”.'
                      )}{' '}
                      <Link to={cataloguePath()} className={linkClass}>
                        See all medicines
                      </Link>
                    </p>
                  </>
                )}
              </div>
            ) : null}
            <Pager
              page={filters.page}
              pageCount={pageCount}
              hrefOf={(page) => cataloguePath(searchWithFilter(search, { page }))}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}

const linkClass = 'font-semibold text-brand-700 hover:text-brand-900';

/**
 * A search for a strength or a form the medicine does not come in: the strengths (and forms) it does, and the
 * medicine alone, within the filters set. When they leave none, the whole shop's, said so, with links that drop the
 * filters.
 */
function StrengthsOffered({
  name,
  notIn,
  strengths,
  outsideFilters,
  filters,
}: NonNullable<MedicineListResponse['otherStrengths']> & { filters: CatalogueFilters }) {
  const kept = outsideFilters ? new URLSearchParams() : catalogueSearch(filters);
  const searchFor = (q: string) => cataloguePath(searchWithFilter(kept, { q }));
  return (
    <>
      <p className="text-lg text-muted">{notStockedIn({ name, notIn })}</p>
      <p className="text-sm text-muted">
        {outsideFilters
          ? 'None of its strengths is within your filters. In the whole shop it comes in:'
          : 'It comes in:'}
      </p>
      <ul className="flex flex-wrap justify-center gap-2">
        {strengths.map((strength) => (
          <li key={strength}>
            <Link
              to={searchFor(`${name} ${strength}`)}
              className="inline-block rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-100"
            >
              {strength}
            </Link>
          </li>
        ))}
      </ul>
      <Link to={searchFor(name)} className={`text-sm ${linkClass}`}>
        All “{name}”
      </Link>
    </>
  );
}
