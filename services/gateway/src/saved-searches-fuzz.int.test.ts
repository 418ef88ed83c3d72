import { createWireValidator } from "@tender/contracts";
import { createApiKey } from "@tender/db";
import { useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { postJson, readJson } from "./testing/requests.js";
import { testConfig, testDeps } from "./testing/test-deps.js";

const validateCreated = createWireValidator("saved-search-created");
const validateError = createWireValidator("error-response");
const fixture = useTestDatabase();
let key: string;
let app: ReturnType<typeof createApp>;

// Text that is almost right, wrong, or hostile: NUL, lone surrogates, markup, SQL, huge.
const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 120 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 1100 }),
  fc.constantFrom("\u0000", "\uD800", "a\uDFFFb", "'; DROP TABLE saved_searches; --", "<x>&", "  ", "roads"),
);
const url = fc.oneof(
  fc.webUrl({ validSchemes: ["https", "http"], withQueryParameters: true, withFragments: true }),
  fc.constantFrom(
    "https://u:p@hooks.example.org/",
    "javascript:alert(1)",
    `https://x.org/${"a".repeat(3000)}`,
  ),
  text,
);
const filters = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        countries: fc.array(fc.constantFrom("FR", "de", "GB", "\u0000", "XXX"), { maxLength: 60 }),
        cpv: fc.array(fc.constantFrom("45", "4523", "1", "abc"), { maxLength: 3 }),
        buyer: text,
        open: fc.oneof(fc.boolean(), fc.constant("yes")),
        amount_min: fc.constantFrom("10", "-1", "1e9", "10.001"),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.constant("not an object") },
);
// Mostly plausible bodies, so the accepting path (and the database) is reached often too.
const plausible = fc.string({ unit: "grapheme", minLength: 3, maxLength: 90 });
const sometimes = <T>(often: fc.Arbitrary<T>, rarely: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 6, arbitrary: often }, { weight: 1, arbitrary: rarely });
const body = fc
  .record({
    name: sometimes(plausible, text),
    query: sometimes(plausible, text),
    filters: sometimes(fc.constant(undefined), filters),
    min_score: sometimes(
      fc.option(fc.double({ min: -1, max: 1, noNaN: true }), { nil: undefined }),
      fc.constantFrom(2, -1.5, Number.NaN, Number.POSITIVE_INFINITY),
    ),
    webhook_url: sometimes(fc.constantFrom(undefined, "https://hooks.example.org/in"), url),
    extra: sometimes(fc.constant(undefined), fc.constant(1)),
  })
  // An absent key is left out, not sent as undefined (JSON drops it either way).
  .map((b) => Object.fromEntries(Object.entries(b).filter(([, v]) => v !== undefined)));

beforeAll(async () => {
  key = (await createApiKey(fixture.db, { name: "fuzz", limitPerMinute: 1_000_000 })).key;
  const deps = testDeps(fixture.db, {
    config: testConfig({
      savedSearches: {
        perKey: 10_000,
        allowHttpWebhooks: true,
        webhookSecretKey: testConfig().savedSearches.webhookSecretKey,
      },
    }),
  });
  app = createApp(deps);
});

describe("fuzz: saving searches", () => {
  it("answers 201 with a valid saved search or 422 with the envelope, never anything else", async () => {
    let created = 0;
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const response = await postJson(app, "/api/v1/saved-searches", input, key);
        const json = await readJson(response);
        if (response.status === 201) {
          created += 1;
          expect(validateCreated(json)).toMatchObject({ ok: true });
        } else {
          expect(response.status, JSON.stringify(json)).toBe(422);
          expect(validateError(json)).toMatchObject({ ok: true });
        }
      }),
      { numRuns: 150 },
    );
    const { rows } = await sql<{ count: string }>`SELECT count(*) AS count FROM saved_searches`.execute(
      fixture.db,
    );
    expect(Number(rows[0]?.count)).toBe(created);
    // The generators must reach the accepting path, not only fail validation.
    expect(created).toBeGreaterThan(15);
  });
});
