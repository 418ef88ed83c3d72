import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { browseParameterOf, browseParameters, LIST_FILTER_PARAMETERS } from "./browse-parameters.js";
import { TENDER_FILTER_KEYS, TenderFilters } from "./tender-filters.js";
import { TenderListPaging } from "./tender-list-query.js";

/** Whether `filters.<key>` holds a list: a one-value list passes where the bare value does not. */
function isList(key: string, value: unknown): boolean {
  return v.is(TenderFilters, { [key]: [value] }) && !v.is(TenderFilters, { [key]: value });
}

describe("browse parameters", () => {
  it("give every list filter a singular parameter of its own, and no other filter one", () => {
    const lists = TENDER_FILTER_KEYS.filter((key) =>
      ["ted", "FR", "45", "competition", "00000000-0000-4000-8000-000000000000"].some((value) =>
        isList(key, value),
      ),
    );
    expect(Object.keys(LIST_FILTER_PARAMETERS).sort()).toEqual([...lists].sort());
    const names = browseParameters(true);
    expect(new Set(names).size).toBe(names.length);
  });

  it("are the filters' keys (lists in the singular), then the paging fields", () => {
    expect(browseParameters(false)).toEqual(TENDER_FILTER_KEYS.map(browseParameterOf));
    expect(browseParameters(true)).toEqual([
      ...browseParameters(false),
      ...Object.keys(TenderListPaging.entries),
    ]);
    expect(browseParameters(true)).toEqual(
      expect.arrayContaining(["country", "kind", "current", "buyer", "contract_end_to", "sort"]),
    );
  });
});
