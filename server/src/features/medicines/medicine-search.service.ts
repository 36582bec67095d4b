import {
  MEDICINE_FACETS,
  SUGGESTIONS_LIMIT,
  type FacetCount,
  type MedicineFacet,
  type MedicineSuggestion,
} from '@apotheca/contract';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { centsToDollars, dollarsToCents } from '../../db/money';
import { medicines } from '../../db/schema';
import { SELLABLE_STOCK } from '../stock/stock.service';
import { medicineColumns, toMedicine, type MedicineListFilter } from './medicines.service';

/**
 * The catalogue's list, search and facets, answered by the database (docs/decisions/0073): each
 * medicine's searched words are a generated `tsvector` (`search_words`, GIN-indexed), a typed word
 * matches the catalogue words it begins (a tsquery prefix) and those it is a typo of, found by edit
 * distance in the short table of distinct catalogue words; facets are counted by GROUP BY. Every
 * answer is read from committed rows, so nothing in the process can fall behind the database.
 */
export type MedicineSearch = {
  /** The list's response body, serialized: `{ medicines, total, facets }`. */
  list(filter: MedicineListFilter): Promise<string>;
  suggest(q: string): Promise<MedicineSuggestion[]>;
};

// Typos: none in words under 4 letters, one edit up to 7 letters, two from 8: medicine names are long,
// and a shopper who drops two letters of one ("amoxcilin") or swaps two ("ibuprfoen") still means it.
const allowedEdits = (word: string) => (word.length < 4 ? 0 : word.length < 8 ? 1 : 2);

/** Words are runs of letters and digits: `%`, `_`, quotes and backslashes only separate them. */
const words = (text: string) => [
  ...new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  ),
];
const hasLetter = (word: string) => /\p{L}/u.test(word);

/**
 * What one typed word matches, as a tsquery: the catalogue words it begins, and (for a word with a
 * letter, long enough) the words within its edit distance. A word is letters and digits only, so it
 * needs no quoting inside the tsquery's quotes.
 */
function wordQuery(word: string): SQL {
  const begun = `'${word}':*`;
  const edits = hasLetter(word) ? allowedEdits(word) : 0;
  if (edits === 0) return sql`${begun}::tsquery`;
  return sql`(${begun} || coalesce((select string_agg(' | ' || quote_literal(word), '') from catalogue_words
    where length(word) between ${word.length - edits} and ${word.length + edits}
    and levenshtein_less_equal(word, ${word}, ${edits}) <= ${edits}), ''))::tsquery`;
}

/**
 * What a word matched in a medicine counts: in name or ingredient (weights A and B) 3, in maker or
 * category (D) 1, each less in a longer field ("Amoxicillin" says more of Amoxil than of
 * "Amoxicillin + Clavulanic acid").
 */
const FIELD_BOOSTS = [
  ['a', 3],
  ['b', 3],
  ['d', 1],
] as const;
const wordScore = (query: SQL) =>
  sql.join(
    FIELD_BOOSTS.map(([weight, boost]) => {
      const field = sql`ts_filter(medicines.search_words, ${`{${weight}}`}::"char"[])`;
      return sql`(${field} @@ ${query})::integer * ${boost} / sqrt(greatest(length(${field}), 1))`;
    }),
    sql` + `,
  );

/**
 * The medicines matching every word of `q`, with their relevance: a whole name or ingredient equal
 * to the query first, then the sum of what each word matched (`wordScore`), then name. Undefined without a word.
 */
function searchOf(q: string) {
  const typed = words(q);
  if (typed.length === 0) return undefined;
  const queries = typed.map(wordQuery);
  const exact = q.trim().toLowerCase();
  return {
    // Each word's tsquery once, in a CTE the main query joins.
    terms: sql`select ${sql.join(
      queries.map((query, i) => sql`${query} as ${sql.identifier(`w${i}`)}`),
      sql`, `,
    )}`,
    matches: sql.join(
      queries.map((_, i) => sql`medicines.search_words @@ terms.${sql.identifier(`w${i}`)}`),
      sql` and `,
    ),
    exact: sql`(lower(medicines.name) = ${exact} or lower(medicines.active_ingredient) = ${exact})`,
    score: sql.join(
      queries.map((_, i) => wordScore(sql`terms.${sql.identifier(`w${i}`)}`)),
      sql` + `,
    ),
  };
}

/** Each facet's column, as text, and its filter's condition on the `matched` rows. */
const FACET_COLUMNS: Record<MedicineFacet, SQL> = {
  category: sql`category`,
  dosageForm: sql`dosage_form`,
  prescriptionRequired: sql`prescription_required::text`,
  developedBy: sql`developed_by`,
};

// Ties are broken by name (byte order, as the shop has always sorted), then id: pages never overlap or skip.
const BY_NAME = sql`name collate "C", id`;

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

export function createMedicineSearch(db: Db): MedicineSearch {
  return {
    async list(filter) {
      const search = filter.q === undefined ? undefined : searchOf(filter.q);
      const stockNeeded = filter.inStock !== undefined || filter.sort === 'in_stock' || filter.sort === 'out_of_stock';
      const conditions: SQL[] = [];
      if (filter.q !== undefined) conditions.push(search ? search.matches : sql`false`);
      if (filter.minPrice !== undefined) conditions.push(sql`price_cents >= ${dollarsToCents(filter.minPrice)}`);
      if (filter.maxPrice !== undefined) conditions.push(sql`price_cents <= ${dollarsToCents(filter.maxPrice)}`);
      // The stock filter judges the sellable total, as every answer shows it: a batch stops counting on its expiry date.
      if (filter.inStock !== undefined)
        conditions.push(filter.inStock === 'true' ? sql`${SELLABLE_STOCK} > 0` : sql`${SELLABLE_STOCK} = 0`);
      const facetFilter = (facet: MedicineFacet) =>
        filter[facet] === undefined ? sql`true` : sql`${FACET_COLUMNS[facet]} = ${filter[facet]}`;
      const otherFacets = (own?: MedicineFacet) =>
        sql.join(MEDICINE_FACETS.filter((facet) => facet !== own).map(facetFilter), sql` and `);
      const order = filter.sort
        ? {
            price_asc: sql`price_cents, ${BY_NAME}`,
            price_desc: sql`price_cents desc, ${BY_NAME}`,
            in_stock: sql`stock desc, ${BY_NAME}`,
            out_of_stock: sql`stock, ${BY_NAME}`,
          }[filter.sort]
        : search
          ? sql`exact desc, score desc, ${BY_NAME}`
          : // Without a sort or a search, newest first: a medicine an admin just added heads the list.
            sql`created_at desc, ${BY_NAME}`;
      const start = (filter.page - 1) * filter.limit;

      const [answer] = rowsOf<{ total: number; page: string[] | null; facets: [MedicineFacet, string, number][] }>(
        await db.execute(sql`
          with ${search ? sql`terms as (${search.terms}),` : sql``}
          matched as materialized (
            select medicines.id, name, created_at, price_cents, category, dosage_form, prescription_required,
              developed_by, ${search ? sql`${search.exact} as exact, ${search.score} as score` : sql`false as exact, 0 as score`},
              ${stockNeeded ? SELLABLE_STOCK : sql`0`} as stock
            from medicines ${search ? sql`, terms` : sql``}
            where ${conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`}
          ),
          kept as (select * from matched where ${otherFacets()})
          select
            (select count(*)::integer from kept) as total,
            (select json_agg(id) from (select id from kept order by ${order} limit ${filter.limit} offset ${start}) page) as page,
            (select coalesce(json_agg(json_build_array(facet, value, count)), '[]') from (${sql.join(
              MEDICINE_FACETS.map(
                (
                  facet,
                ) => sql`select ${facet}::text as facet, ${FACET_COLUMNS[facet]} as value, count(*)::integer as count
                  from matched where ${otherFacets(facet)} and ${FACET_COLUMNS[facet]} is not null group by 2`,
              ),
              sql` union all `,
            )}) counted) as facets
        `),
      );
      const ids = answer!.page ?? [];
      const rows =
        ids.length === 0 ? [] : await db.select(medicineColumns).from(medicines).where(inArray(medicines.id, ids));
      const byId = new Map(rows.map((row) => [row.id, row]));
      // A medicine deleted between the two reads is left out of the page.
      const page = ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toMedicine(row)] : [];
      });
      const facets = Object.fromEntries(MEDICINE_FACETS.map((facet) => [facet, [] as FacetCount[]]));
      for (const [facet, value, count] of answer!.facets) facets[facet]!.push({ value, count });
      for (const values of Object.values(facets))
        values.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
      return JSON.stringify({ medicines: page, total: answer!.total, facets });
    },

    async suggest(q) {
      const search = searchOf(q);
      if (!search) return [];
      const found = rowsOf<{
        id: string;
        name: string;
        active_ingredient: string;
        strength: string;
        dosage_form: MedicineSuggestion['dosageForm'];
        prescription_required: boolean;
        price_cents: number;
        image_url: string;
      }>(
        await db.execute(sql`
          with terms as (${search.terms})
          select medicines.id, name, active_ingredient, strength, dosage_form, prescription_required, price_cents, image_url
          from medicines, terms
          where ${search.matches}
          order by ${search.exact} desc, ${search.score} desc, ${BY_NAME}
          limit ${SUGGESTIONS_LIMIT}
        `),
      );
      return found.map((row) => ({
        _id: row.id,
        name: row.name,
        activeIngredient: row.active_ingredient,
        strength: row.strength,
        dosageForm: row.dosage_form,
        prescriptionRequired: row.prescription_required,
        price: centsToDollars(row.price_cents),
        imageUrl: row.image_url,
      }));
    },
  };
}
