import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { AskRequest } from "./ask-request.js";
import { SearchRequest } from "./search-request.js";
import { toValidationIssues } from "./to-validation-issues.js";

const issues = (schema: typeof SearchRequest | typeof AskRequest, value: unknown) =>
  toValidationIssues(v.safeParse(schema, value).issues ?? []);

describe("SearchRequest and AskRequest", () => {
  it("trim the query and default limit to 5", () => {
    expect(v.parse(SearchRequest, { query: "  road repair \n" })).toEqual({ query: "road repair", limit: 5 });
    expect(v.parse(AskRequest, { query: "road" })).toEqual({ query: "road", limit: 5 });
  });

  it("count the query in code points after trimming", () => {
    expect(v.safeParse(SearchRequest, { query: "  ab  " }).success).toBe(false);
    expect(v.safeParse(SearchRequest, { query: "😀😀😀" }).success).toBe(true);
    expect(v.safeParse(SearchRequest, { query: ` ${"😀".repeat(1000)} ` }).success).toBe(true);
    expect(issues(SearchRequest, { query: "x".repeat(1001) })).toEqual([
      { path: "/query", message: "Must be 3 to 1000 characters long after trimming" },
    ]);
  });

  it("bound limit to 1..10 for Search and 1..5 for Ask", () => {
    expect(v.parse(SearchRequest, { query: "abc", limit: 10 }).limit).toBe(10);
    expect(issues(SearchRequest, { query: "abc", limit: 11 })).toEqual([
      { path: "/limit", message: "Must be at most 10" },
    ]);
    expect(issues(SearchRequest, { query: "abc", limit: 0 })).toEqual([
      { path: "/limit", message: "Must be at least 1" },
    ]);
    expect(v.parse(AskRequest, { query: "abc", limit: 5 }).limit).toBe(5);
    expect(issues(AskRequest, { query: "abc", limit: 6 })).toEqual([
      { path: "/limit", message: "Must be at most 5" },
    ]);
    expect(issues(AskRequest, { query: "abc", limit: 2.5 })).toEqual([
      { path: "/limit", message: "Must be an integer" },
    ]);
    expect(issues(AskRequest, { query: "abc", limit: "3" })).toEqual([
      { path: "/limit", message: "Must be a number" },
    ]);
  });

  it("list every problem with its path", () => {
    expect(issues(SearchRequest, { query: 42, limit: 99, page: 2 })).toEqual([
      { path: "/query", message: "Must be a string" },
      { path: "/limit", message: "Must be at most 10" },
      { path: "/page", message: "Unknown field is not allowed" },
    ]);
    expect(issues(SearchRequest, null)).toEqual([{ path: "/", message: "Must be an object" }]);
  });

  it("take an optional mode, vector or hybrid, whatever the query holds", () => {
    expect(v.parse(SearchRequest, { query: "road", mode: "hybrid" })).toEqual({
      query: "road",
      limit: 5,
      mode: "hybrid",
    });
    expect(v.parse(AskRequest, { query: "road", mode: "vector" }).mode).toBe("vector");
    expect(issues(SearchRequest, { query: "road", mode: "lexical" })).toEqual([
      { path: "/mode", message: 'Must be "vector" or "hybrid"' },
    ]);
    // However many words: a hybrid query reads its first 32 terms (docs/api.md#hybrid-search), never a 422.
    const many = Array.from({ length: 100 }, (_, i) => `w${i}`).join(" OR ");
    expect(v.safeParse(SearchRequest, { query: many, mode: "hybrid" }).success).toBe(true);
    expect(v.safeParse(AskRequest, { query: many.replace(/ OR /g, " -"), mode: "hybrid" }).success).toBe(
      true,
    );
  });
});
