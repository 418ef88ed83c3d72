import { NOTICE_KINDS } from "@tender/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EMPTY_SEARCH,
  fromFilters,
  parseSearchState,
  type SearchState,
  SORTS,
  searchStateToQuery,
  toBrowseParams,
  toFilters,
} from "./search-state.js";

const day = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-30T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ]{0,20}[A-Za-z0-9]$/);
const state: fc.Arbitrary<SearchState> = fc.record({
  q: fc.oneof(fc.constant(""), word),
  sources: fc.uniqueArray(fc.constantFrom("ted", "contracts_finder"), { maxLength: 2 }),
  countries: fc.uniqueArray(fc.stringMatching(/^[A-Z]{2}$/), { maxLength: 4 }),
  cpv: fc.uniqueArray(fc.stringMatching(/^\d{2,8}$/), { maxLength: 3 }),
  buyer: fc.oneof(fc.constant(""), word),
  currency: fc.constantFrom("", "EUR", "GBP"),
  amountMin: fc.constantFrom("", "10", "2500.50"),
  amountMax: fc.constantFrom("", "99999"),
  publishedFrom: fc.oneof(fc.constant(""), day),
  publishedTo: fc.oneof(fc.constant(""), day),
  deadlineFrom: fc.oneof(fc.constant(""), day),
  deadlineTo: fc.oneof(fc.constant(""), day),
  open: fc.boolean(),
  kinds: fc.uniqueArray(fc.constantFrom(...NOTICE_KINDS), { maxLength: NOTICE_KINDS.length }),
  current: fc.boolean(),
  sort: fc.constantFrom(...SORTS),
});

describe("search state in the URL", () => {
  it("survives the trip through the query string", () => {
    fc.assert(
      fc.property(state, (s) => {
        expect(parseSearchState(searchStateToQuery(s))).toEqual(s);
      }),
    );
  });

  it("survives the trip through a saved search's filters (sort aside)", () => {
    fc.assert(
      fc.property(state, (s) => {
        expect(fromFilters(s.q, toFilters(s) ?? null)).toEqual({ ...s, sort: "published_desc" });
      }),
    );
  });

  it("reads any query string without throwing, keeping only well-formed dates and sorts", () => {
    fc.assert(
      fc.property(fc.string(), (junk) => {
        const parsed = parseSearchState(junk);
        for (const d of [parsed.publishedFrom, parsed.publishedTo, parsed.deadlineFrom, parsed.deadlineTo]) {
          expect(d === "" || /^\d{4}-\d{2}-\d{2}$/.test(d)).toBe(true);
        }
        expect(SORTS).toContain(parsed.sort);
      }),
    );
  });

  it("makes the API's filters: a `to` day is included, empty values are left out", () => {
    const s = {
      ...EMPTY_SEARCH,
      countries: ["fr"],
      publishedFrom: "2026-05-01",
      publishedTo: "2026-05-31",
      open: true,
    };
    expect(toFilters(s)).toEqual({
      countries: ["FR"],
      published_from: "2026-05-01T00:00:00.000Z",
      published_to: "2026-06-01T00:00:00.000Z",
      open: true,
    });
    expect(toFilters(EMPTY_SEARCH)).toBeUndefined();
    expect(toBrowseParams({ ...s, cpv: ["45", "72"] }).toString()).toBe(
      "country=FR&cpv=45&cpv=72&published_from=2026-05-01T00%3A00%3A00.000Z&published_to=2026-06-01T00%3A00%3A00.000Z&open=true",
    );
  });

  it('keeps the notice kinds and "Latest only" in the URL and sends them as `kinds` and `current`', () => {
    const s = parseSearchState("kind=change&kind=result&kind=change&current=true");
    expect(s).toMatchObject({ kinds: ["change", "result"], current: true });
    expect(searchStateToQuery(s)).toBe("kind=change&kind=result&current=true");
    expect(toFilters(s)).toEqual({ kinds: ["change", "result"], current: true });
    expect(toBrowseParams(s).toString()).toBe("kind=change&kind=result&current=true");
    // Anything but `true` is "all notices", as for `open`.
    expect(parseSearchState("current=yes").current).toBe(false);
    expect(toFilters(parseSearchState("current=false"))).toBeUndefined();
  });
});
