// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NOT_STOCKED_IN, PRICE_RANGE_MESSAGE, type MedicineListResponse } from '@apotheca/contract';
import { pageKey, renderPage } from './entry-server';
import { readServerState, SERVER_STATE_ELEMENT_ID } from './lib/api';
import { json } from './test/json-response';
import { medicineFixture } from './test/medicine.fixture';

const TEMPLATE = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
// The replacement patterns of String.prototype.replace, which stored text may hold.
const PATTERNS = "$' $` $& $$";

const medicine = medicineFixture({
  _id: '00000000-0000-4000-8000-000000000001',
  developedBy: 'Acme Labs',
  category: 'Analgesic',
  stock: 3,
  imageUrl: `https://img.example/${PATTERNS}.png`,
  version: 1,
});

/** The catalogue's list as the API answers it: this one medicine, with no facet to offer. */
const list: MedicineListResponse = {
  medicines: [medicine],
  total: 1,
  facets: { category: [], dosageForm: [], prescriptionRequired: [], developedBy: [] },
};

/**
 * The API as the page renderer sees it: every list and every medicine is this one medicine, which
 * has no substitute. Each answer has its contract's shape, so every part of the page renders.
 */
const fetchFromApi = (input: RequestInfo | URL, init?: RequestInit) => {
  const { pathname } = new URL(new Request(input, init).url);
  const body =
    pathname === '/api/medicines' ? list : pathname.endsWith('/substitutes') ? { substitutes: [] } : { medicine };
  return Promise.resolve(json(200, body));
};

/** The server state block of a rendered page, as the browser's parser would read it. */
function stateOf(html: string): string {
  const match = html.match(
    new RegExp(`<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">(.*?)</script>`),
  );
  expect(match, 'the page carries its server state').not.toBeNull();
  return match![1]!;
}

describe('server-rendered page state', () => {
  it.each(['/', `/medicines/${medicine._id}`, `/medicines?category=${encodeURIComponent(PATTERNS)}`])(
    'carries stored text with replacement patterns verbatim at %s',
    async (url) => {
      const page = await renderPage(TEMPLATE, url, fetchFromApi);
      expect(page).not.toBeNull();
      const html = page!.html;
      // The template around the mount point is kept once, as it was.
      expect(html.startsWith('<!doctype html><html><head></head><body><div id="root">')).toBe(true);
      expect(html.endsWith('</script></body></html>')).toBe(true);
      const state = JSON.stringify(JSON.parse(stateOf(html)));
      expect(state).toContain(
        url.startsWith('/medicines?') ? JSON.stringify(PATTERNS) : JSON.stringify(medicine.imageUrl).slice(1, -1),
      );
    },
  );
});

describe('the server-rendered home page', () => {
  it("states the catalogue's size from the list's total, rounded down to tens", async () => {
    const catalogueOf = (total: number) => async (input: RequestInfo | URL, init?: RequestInit) =>
      json(200, { ...((await (await fetchFromApi(input, init)).json()) as object), total });
    const figureOf = async (total: number) => {
      const page = await renderPage(TEMPLATE, '/', catalogueOf(total));
      const text = page!.html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
      return text.match(/(\S+) medicines in our catalogue/)?.[1];
    };
    expect(await figureOf(227)).toBe('220+');
    expect(await figureOf(60)).toBe('60+');
    expect(await figureOf(7)).toBe('7');
  });
});

describe('the server-rendered title', () => {
  it("names a page by its heading, as the app does, with stored text escaped, and a medicine's page by its description", async () => {
    const named = { ...medicine, name: 'A&B </title><b>', description: 'Eases "pain" & <fever>' };
    const fetchNamed = async (input: RequestInfo | URL, init?: RequestInit) =>
      new URL(new Request(input, init).url).pathname === `/api/medicines/${medicine._id}`
        ? json(200, { medicine: named })
        : fetchFromApi(input, init);
    const template =
      '<html><head><meta name="description" content="The shop" /><title>Shop</title></head><body><div id="root"></div></body></html>';
    const page = await renderPage(template, `/medicines/${medicine._id}`, fetchNamed);
    expect(page!.html).toContain('<title>A&amp;B &lt;/title&gt;&lt;b&gt; · Apotheca</title>');
    expect(page!.html).toContain('<meta name="description" content="Eases &quot;pain&quot; &amp; &lt;fever&gt;" />');
    const catalogue = await renderPage(template, '/medicines', fetchFromApi);
    expect(catalogue!.html).toContain('<title>Medicines · Apotheca</title>');
    expect(catalogue!.html).toContain('<meta name="description" content="The shop" />');
  });

  it("cuts a long description at a word's end, with an ellipsis, to what a search result shows", async () => {
    // 600 characters an admin may write: words of varied length, with '&' and quotes to escape.
    const words = ['Eases', '"mild"', 'to', 'moderate', 'pain', '&', 'fever', 'in', 'adults', 'and', 'children'];
    const long = Array.from({ length: 120 }, (_, i) => words[i % words.length])
      .join(' ')
      .slice(0, 600);
    expect(long).toHaveLength(600);
    const fetchLong = async (input: RequestInfo | URL, init?: RequestInit) =>
      new URL(new Request(input, init).url).pathname === `/api/medicines/${medicine._id}`
        ? json(200, { medicine: { ...medicine, description: long } })
        : fetchFromApi(input, init);
    const template =
      '<html><head><meta name="description" content="The shop" /></head><body><div id="root"></div></body></html>';
    const page = await renderPage(template, `/medicines/${medicine._id}`, fetchLong);
    const content = page!.html.match(/<meta name="description" content="([^"]*)" \/>/)![1]!;
    const text = content.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.length).toBeGreaterThan(140);
    expect(text.endsWith('…')).toBe(true);
    // Whole words of the description, in order, and nothing else.
    expect(long.startsWith(`${text.slice(0, -1)} `)).toBe(true);
    expect(content).toContain('Eases &quot;mild&quot; to moderate pain &amp; fever');
  });
});

describe('the server-rendered catalogue', () => {
  it('says at the price fields that a minimum above the maximum holds no price, alone: no list to fail, no paging', async () => {
    // The API refuses such a range, as the server does.
    const refusingBadRange = (input: RequestInfo | URL, init?: RequestInit) =>
      new URL(new Request(input, init).url).searchParams.get('minPrice') === '50'
        ? Promise.resolve(json(400, { message: PRICE_RANGE_MESSAGE, errors: { minPrice: PRICE_RANGE_MESSAGE } }))
        : fetchFromApi(input, init);
    const page = await renderPage(TEMPLATE, '/medicines?minPrice=50&maxPrice=10', refusingBadRange);
    expect(page!.status).toBe(200);
    const text = page!.html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain(PRICE_RANGE_MESSAGE);
    expect(text).not.toContain('No medicines found');
    // Nothing was searched: no pages to step through either.
    expect(text).not.toMatch(/Page \d+ of \d+/);
    expect(page!.html).not.toContain('aria-label="Pagination"');
  });
});

describe('the server-rendered search', () => {
  it('offers the strengths a medicine comes in for a strength not stocked, not a spelling hint', async () => {
    const noneInThatStrength = () =>
      Promise.resolve(
        json(200, {
          ...list,
          medicines: [],
          total: 0,
          otherStrengths: { name: 'metformin', notIn: NOT_STOCKED_IN.strength, strengths: ['500 mg', '850 mg'] },
        }),
      );
    const page = await renderPage(TEMPLATE, '/medicines?q=metformin+750+mg', noneInThatStrength);
    // React's markers between a text's parts are no text.
    const html = page!.html.replace(/<!-- -->/g, '');
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('We don’t stock “metformin” in that strength.');
    expect(text).not.toContain('Check the spelling');
    const links = [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href, name]) => [
      name,
      href!.replace(/&amp;/g, '&'),
    ]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['500 mg', '/medicines?q=metformin+500+mg&page=1'],
        ['850 mg', '/medicines?q=metformin+850+mg&page=1'],
        ['All “metformin”', '/medicines?q=metformin&page=1'],
      ]),
    );
  });

  it('keeps the filters in the strengths offered, or says the filters leave none and offers the shop’s without them', async () => {
    const answering = (otherStrengths: object) => () =>
      Promise.resolve(json(200, { ...list, medicines: [], total: 0, otherStrengths }));
    const linksOf = async (url: string, otherStrengths: object) => {
      const page = await renderPage(TEMPLATE, url, answering(otherStrengths));
      const html = page!.html.replace(/<!-- -->/g, '');
      const links = [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href, name]) => [
        name,
        href!.replace(/&amp;/g, '&'),
      ]);
      return { text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '), links };
    };

    const within = await linksOf('/medicines?q=metformin+750+mg&maxPrice=6', {
      name: 'metformin',
      notIn: NOT_STOCKED_IN.strength,
      strengths: ['500 mg', '850 mg'],
    });
    expect(within.text).toContain('It comes in:');
    expect(within.links).toEqual(
      expect.arrayContaining([['500 mg', '/medicines?q=metformin+500+mg&maxPrice=6&page=1']]),
    );

    const form = await linksOf('/medicines?q=metformin+syrup', {
      name: 'metformin',
      notIn: NOT_STOCKED_IN.form,
      strengths: ['500 mg Tablet', '850 mg Tablet'],
    });
    expect(form.text).toContain('We don’t stock “metformin” in that form.');
    expect(form.links).toEqual(
      expect.arrayContaining([['500 mg Tablet', '/medicines?q=metformin+500+mg+Tablet&page=1']]),
    );

    const outside = await linksOf('/medicines?q=metformin+750+mg&category=Pain+Relief', {
      name: 'metformin',
      notIn: NOT_STOCKED_IN.strength,
      strengths: ['500 mg', '850 mg'],
      outsideFilters: true,
    });
    expect(outside.text).toContain('We don’t stock “metformin” in that strength.');
    expect(outside.text).toContain('None of its strengths is within your filters. In the whole shop it comes in:');
    expect(outside.links).toEqual(
      expect.arrayContaining([
        ['500 mg', '/medicines?q=metformin+500+mg&page=1'],
        ['850 mg', '/medicines?q=metformin+850+mg&page=1'],
        ['All “metformin”', '/medicines?q=metformin&page=1'],
      ]),
    );
  });
});

describe('the server-rendered search that the filters leave empty', () => {
  it('offers the same search in the whole shop, not only a spelling hint', async () => {
    const nothing = () => Promise.resolve(json(200, { ...list, medicines: [], total: 0 }));
    const page = await renderPage(TEMPLATE, '/medicines?q=metformin+500+mg&category=Pain+Relief', nothing);
    const html = page!.html.replace(/<!-- -->/g, '');
    const links = [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href, name]) => [
      name,
      href!.replace(/&amp;/g, '&'),
    ]);
    expect(links).toContainEqual([
      'search the whole shop for “metformin 500 mg”',
      '/medicines?q=metformin+500+mg&page=1',
    ]);
    // With no filter set there is no wider search to offer.
    const plain = (await renderPage(TEMPLATE, '/medicines?q=metformin+500+mg', nothing))!.html;
    expect(plain).toContain('search by the active ingredient');
    expect(plain).not.toContain('search the whole shop');
  });
});

describe('readServerState', () => {
  const documentWith = (text: string | null) => {
    const doc = {
      getElementById: (id: string) => (id === SERVER_STATE_ELEMENT_ID && text !== null ? { textContent: text } : null),
    };
    return doc as unknown as Document;
  };

  it('reads the state block of a rendered page', () => {
    expect(readServerState(documentWith('{"queries":{}}'))).toEqual({ queries: {} });
  });

  it('answers null for a missing, empty or broken block, so the browser renders the page itself', () => {
    expect(readServerState(documentWith(null))).toBeNull();
    expect(readServerState(documentWith(''))).toBeNull();
    expect(readServerState(documentWith('{"queries":{"a":"</div>$\''))).toBeNull();
  });
});

describe('pageKey', () => {
  const keyOf = (url: string) => pageKey(url)?.key;

  it('gives the catalogue one key for the same filters, whatever their order, defaults or other parameters', () => {
    const key = keyOf('/medicines?category=Antibiotic&page=2');
    expect(keyOf('/medicines?page=2&category=Antibiotic')).toBe(key);
    expect(keyOf('/medicines?page=2&utm_source=x&category=Antibiotic&limit=6')).toBe(key);
    expect(keyOf('/medicines?category=Antibiotic&page=3')).not.toBe(key);
    expect(keyOf('/medicines')).toBe(keyOf('/medicines?page=1&limit=6&minPrice=0&maxPrice=2000'));
  });

  it('keeps other pages by their path, and says which show the catalogue', () => {
    expect(pageKey('/?fresh=1')).toEqual({ key: '/', showsCatalogue: true });
    expect(pageKey(`/medicines/${medicine._id}?x=1`)).toEqual({
      key: `/medicines/${medicine._id}`,
      showsCatalogue: true,
    });
    expect(pageKey('/about?x=1')).toEqual({ key: '/about', showsCatalogue: false });
  });

  it("gives every unknown path the key of one 'Page Not Found', by the navigation link it falls under", () => {
    expect(pageKey('/no/such/page?x=1')).toEqual(pageKey('/another-one'));
    expect(pageKey('/no/such/page')?.showsCatalogue).toBe(false);
    expect(keyOf('/about/team')).toBe(keyOf('/about/history'));
    expect(keyOf('/about/team')).not.toBe(keyOf('/no/such/page'));
  });

  it('answers null for a page the browser renders alone', () => {
    expect(pageKey('/cart')).toBeNull();
    expect(pageKey('/admin/orders')).toBeNull();
  });
});
