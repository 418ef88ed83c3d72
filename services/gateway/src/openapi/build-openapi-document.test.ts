import {
  buildJsonSchemas,
  ERROR_CODES,
  ERROR_HTTP_STATUS,
  SOURCE_CODES,
  SOURCE_LABELS,
} from "@tender/contracts";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./build-openapi-document.js";

type Json = Record<string, unknown>;
const document = buildOpenApiDocument() as Json & {
  paths: Record<string, Record<string, Json>>;
  components: Json;
};

function refs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refs(item, found);
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") found.push(value);
      else refs(value, found);
    }
  }
  return found;
}

function resolve(ref: string): unknown {
  return ref
    .replace(/^#\//, "")
    .split("/")
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], document);
}

describe("buildOpenApiDocument", () => {
  it("is OpenAPI 3.1 whose every $ref resolves inside the document", () => {
    expect(document.openapi).toBe("3.1.0");
    const all = refs(document);
    expect(all.length).toBeGreaterThan(20);
    for (const ref of all) {
      expect(ref.startsWith("#/"), ref).toBe(true);
      expect(resolve(ref), ref).toBeDefined();
    }
  });

  it("uses the contracts' JSON Schemas (generated from the valibot schemas) as components", () => {
    const schemas = buildJsonSchemas();
    const components = document.components.schemas as Record<string, Json>;
    const { $schema, $id, ...searchRequest } = schemas["search-request"];
    // The same schema, its reference to the source enum's file pointing at that file's component.
    expect(JSON.stringify(components.SearchRequest)).toBe(
      JSON.stringify(searchRequest).replace(
        '"$ref":"known-source-code.schema.json"',
        '"$ref":"#/components/schemas/KnownSourceCode"',
      ),
    );
    expect(JSON.stringify(searchRequest)).toContain('"$ref":"known-source-code.schema.json"');
    expect($id).toBeDefined();
    for (const schema of Object.values(components)) {
      expect(schema).not.toHaveProperty("$id");
      expect(schema).not.toHaveProperty("$schema");
    }
    expect(Object.keys(components).sort()).toEqual([
      "AskRequest",
      "AskResponse",
      "AwardSearchRequest",
      "AwardSearchSummaryRequest",
      "AwardSearchSummaryResponse",
      "CompetitorsResponse",
      "CpvSuggestionList",
      "ErrorResponse",
      "FacetsResponse",
      "HealthLive",
      "HealthReady",
      "KnownSourceCode",
      "OrganisationDetails",
      "OrganisationListResponse",
      "ProcedureNoticeList",
      "ProcedureResponse",
      "SavedSearch",
      "SavedSearchCreated",
      "SavedSearchList",
      "SavedSearchMatchList",
      "SavedSearchRequest",
      "SearchRequest",
      "SearchResponse",
      "SimilarAwardsResponse",
      "SimilarSummaryResponse",
      "TenderDetails",
      "TenderListResponse",
    ]);
  });

  it("lists the valid source codes once, with the sources' names, for every filter to refer to", () => {
    const components = document.components.schemas as Record<string, Json>;
    expect(components.KnownSourceCode).toMatchObject({ type: "string", enum: [...SOURCE_CODES] });
    for (const [code, label] of Object.entries(SOURCE_LABELS))
      expect(components.KnownSourceCode?.description).toContain(`\`${code}\`: ${label}`);
    const tenders = document.paths["/api/v1/tenders"]?.get as Json & { parameters: Json[] };
    const source = tenders.parameters.find((p) => p.name === "source");
    expect(source?.schema).toMatchObject({ items: { $ref: "#/components/schemas/KnownSourceCode" } });
    expect(refs(document).filter((ref) => ref.endsWith("/KnownSourceCode")).length).toBeGreaterThanOrEqual(7);
  });

  it("documents every error status of the error table on the protected operations", () => {
    const search = document.paths["/api/v1/search"]?.post as Json & { responses: Record<string, Json> };
    const statuses = new Set(
      ERROR_CODES.filter((c) => c !== "not_found").map((c) => String(ERROR_HTTP_STATUS[c])),
    );
    for (const status of statuses) expect(Object.keys(search.responses)).toContain(status);
    expect(Object.keys(search.responses["429"]?.headers as Json)).toEqual([
      "X-Request-ID",
      "X-RateLimit-Limit",
      "X-RateLimit-Remaining",
      "X-RateLimit-Reset",
      "Retry-After",
    ]);
    expect(search.security).toEqual([{ ApiKey: [] }]);
    const card = document.paths["/api/v1/tenders/{id}"]?.get as Json & { responses: Record<string, Json> };
    expect(Object.keys(card.responses)).toEqual(
      expect.arrayContaining(["200", "401", "403", "404", "422", "503"]),
    );
    // The card's 429 is its bound on cards at once, not the allowance: no X-RateLimit-* headers.
    expect(Object.keys(card.responses["429"]?.headers as Json)).toEqual(["X-Request-ID", "Retry-After"]);
    expect(document.components.securitySchemes).toEqual({
      ApiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
    });
  });

  it("documents Ask's streamed answer as text/event-stream next to its JSON", () => {
    const post = document.paths["/api/v1/ask"]?.post as
      | (Json & { responses: Record<string, Json> })
      | undefined;
    const ok = post?.responses["200"];
    const content = ok?.content as Record<string, Json & { schema: Json }>;
    expect(Object.keys(content)).toEqual(["application/json", "text/event-stream"]);
    expect(Object.keys(content["text/event-stream"]?.schema["x-events"] as Json)).toEqual([
      "sources",
      "delta",
      "done",
      "error",
    ]);
    expect(document.paths["/api/v1/ask"]?.post?.description).toMatch(/Accept: text\/event-stream/);
  });

  it("documents saved searches, their matches and the key-less Atom feed", () => {
    const paths = document.paths as Record<
      string,
      Record<string, Json & { responses: Record<string, Json> }>
    >;
    expect(Object.keys(paths["/api/v1/saved-searches"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(paths["/api/v1/saved-searches/{id}"] ?? {}).sort()).toEqual(["delete", "get"]);
    expect(paths["/api/v1/saved-searches"]?.post?.responses["201"]).toBeDefined();
    expect(paths["/api/v1/saved-searches/{id}"]?.delete?.responses["204"]).toBeDefined();
    expect(paths["/api/v1/saved-searches/{id}/matches"]?.get?.security).toEqual([{ ApiKey: [] }]);
    const feed = paths["/api/v1/feeds/{token}"]?.get;
    // An empty list says "no key" explicitly, as OpenAPI means it (an absent one would mean "unstated").
    expect(feed?.security).toEqual([]);
    expect(Object.keys(feed?.responses["200"]?.content as Json)).toEqual(["application/atom+xml"]);
  });
});
