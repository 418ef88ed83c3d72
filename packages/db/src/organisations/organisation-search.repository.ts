import { type RawBuilder, sql } from "kysely";
import type { Db } from "../database.js";

/** What to look for; `organisationSearchTerms` of `@tender/organisations` derives it from a query. */
export interface OrganisationSearchTermsInput {
  prefix: string;
  words: string[];
  identifiers: string[];
  keys: string[];
}

/**
 * Where a page of results ends: its rank tier (0 an identifier, 1 a shown name starting with the
 * query, 2 any spelling holding its words) and the folded shown name and id within it.
 */
export interface OrganisationPosition {
  tier: number;
  name: string;
  id: string;
}

export interface OrganisationSearchInput {
  /** Absent: every organisation, by name. */
  terms?: OrganisationSearchTermsInput;
  role?: "buyer" | "supplier";
  country?: string;
  limit: number;
  after?: OrganisationPosition;
}

/** One organisation found, with its place in the walk. */
export interface OrganisationSearchRow {
  id: string;
  name: string;
  country: string | null;
  identifier: string | null;
  scheme: string | null;
  is_buyer: boolean;
  is_supplier: boolean;
  position: OrganisationPosition;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
// Words hold letters and digits only (normalised); quoting keeps each one operand.
const tsQuery = (words: string[]) =>
  words.map((word, i) => `'${word}'${i === words.length - 1 ? ":*" : ""}`).join(" & ");

/**
 * The tiers' conditions, each excluding the tiers before it so that every organisation is in
 * exactly one: identifiers (`organisations_identifier_idx`, the org_key constraint), shown-name
 * prefix (`organisations_search_name_idx` range), words of any spelling
 * (`organisations_search_words_idx`).
 */
function tierConditions(terms: OrganisationSearchTermsInput | undefined): Array<RawBuilder<boolean>> {
  if (!terms) return [sql<boolean>`false`, sql<boolean>`true`, sql<boolean>`false`];
  const identified =
    terms.identifiers.length + terms.keys.length === 0
      ? sql<boolean>`false`
      : sql<boolean>`(o.identifier = ANY(${terms.identifiers}::text[]) OR o.org_key = ANY(${terms.keys}::text[]))`;
  const prefixed =
    terms.prefix === ""
      ? sql<boolean>`false`
      : sql<boolean>`o.search_name LIKE ${`${escapeLike(terms.prefix)}%`}`;
  const worded =
    terms.words.length === 0
      ? sql<boolean>`false`
      : sql<boolean>`o.search_words @@ to_tsquery('simple', ${tsQuery(terms.words)})`;
  return [
    identified,
    sql<boolean>`${prefixed} AND NOT coalesce(${identified}, false)`,
    sql<boolean>`${worded} AND NOT ${prefixed} AND NOT coalesce(${identified}, false)`,
  ];
}

const COLUMNS = sql`o.id, o.name, o.country, o.identifier, o.scheme, o.is_buyer, o.is_supplier, o.search_name`;
type SearchSqlRow = Omit<OrganisationSearchRow, "position"> & { search_name: string; tier: number };

/**
 * One part of a page of an organisation search as SQL (exported for EXPLAIN in tests and the
 * bench), from the cursor on, by tier then folded shown name and id; role and country filter
 * every tier. `named`: identifiers and shown-name prefixes, each an ordered index range that
 * stops at `limit`. `worded`: the other organisations holding the words, collected from the GIN
 * index first and then ordered (a walk in name order could read every name before a late match).
 */
export function organisationSearchSql(input: OrganisationSearchInput, part: "named" | "worded") {
  const filters = sql.join(
    [
      input.role === "buyer" ? sql`o.is_buyer` : input.role === "supplier" ? sql`o.is_supplier` : sql`true`,
      input.country === undefined ? sql`true` : sql`o.country = ${input.country}`,
    ],
    sql` AND `,
  );
  const from = (tier: number) => {
    const after = input.after?.tier === tier ? input.after : undefined;
    return after ? sql`(o.search_name, o.id) > (${after.name}, ${after.id}::uuid)` : sql`true`;
  };
  const conditions = tierConditions(input.terms);
  const skipped = (tier: number) =>
    (input.after?.tier ?? 0) > tier || (input.terms === undefined && tier !== 1);
  if (part === "worded") {
    return sql<SearchSqlRow>`
      WITH hits AS MATERIALIZED (
        SELECT ${COLUMNS} FROM organisations AS o
        WHERE ${skipped(2) ? sql`false` : conditions[2]} AND ${filters} AND ${from(2)})
      SELECT *, 2 AS tier FROM hits ORDER BY search_name, id LIMIT ${input.limit}`;
  }
  const branches = [0, 1].map(
    (tier) => sql`(SELECT ${COLUMNS}, ${sql.lit(tier)}::int AS tier FROM organisations AS o
                   WHERE ${skipped(tier) ? sql`false` : conditions[tier]} AND ${filters} AND ${from(tier)}
                   ORDER BY o.search_name, o.id LIMIT ${input.limit})`,
  );
  return sql<SearchSqlRow>`
    SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) AS found
    ORDER BY tier, search_name, id LIMIT ${input.limit}`;
}

const toRow = ({ search_name, tier, ...row }: SearchSqlRow): OrganisationSearchRow => ({
  ...row,
  position: { tier, name: search_name, id: row.id },
});

/**
 * Organisations matching the terms (docs/api.md#organisations): those whose registered identifier
 * is the query first, then those whose shown name starts with it, then those with any spelling
 * holding all its words; each group by name. The words are looked up only when the first two
 * groups do not fill the page.
 */
export async function searchOrganisations(
  db: Db,
  input: OrganisationSearchInput,
): Promise<OrganisationSearchRow[]> {
  const terms = input.terms;
  if (terms && terms.words.length + terms.identifiers.length + terms.keys.length === 0) return [];
  const named = (await organisationSearchSql(input, "named").execute(db)).rows.map(toRow);
  if (named.length >= input.limit || !terms || terms.words.length === 0) return named;
  const worded = await organisationSearchSql(
    { ...input, limit: input.limit - named.length },
    "worded",
  ).execute(db);
  return [...named, ...worded.rows.map(toRow)];
}
