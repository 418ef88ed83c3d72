import { createWireValidator, type TenderSummary } from "@tender/contracts";
import { createApiKey, createDb, ensureSource } from "@tender/db";
import { createTestDatabase, type TestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { awaitFreshMinute } from "./testing/fresh-minute.js";
import { postJson, readJson, send } from "./testing/requests.js";
import { testDeps } from "./testing/test-deps.js";

const validateList = createWireValidator("tender-list-response");
const validateFacets = createWireValidator("facets-response");
const validateError = createWireValidator("error-response");
let tdb: TestDatabase;
let key: string;
let app: ReturnType<typeof createApp>;

interface Row {
  id: string;
  source: string;
  published_at: string;
  deadline: string | null;
  amount: string | null;
  countries: string[];
}

/** Inserts `count` tenders with few distinct keys (many ties), some without deadline or amount. */
async function insertTenders(db: typeof tdb.db, count: number, tag: string): Promise<void> {
  const ted = (await ensureSource(db, "ted")).id;
  const cf = (await ensureSource(db, "contracts_finder")).id;
  await sql`
    INSERT INTO tenders (source_id, external_id, title, buyer_name, amount, currency, published_at,
                         deadline, source_url, content_hash, raw_payload, countries, cpv_codes)
    SELECT CASE WHEN g % 3 = 0 THEN ${cf}::uuid ELSE ${ted}::uuid END,
           ${tag} || '-' || g, 'Tender ' || g,
           CASE WHEN g % 4 = 0 THEN 'City of 100% Roads' WHEN g % 4 = 1 THEN 'Roads_Dept' ELSE 'ACME' END,
           CASE WHEN g % 5 = 0 THEN NULL ELSE (g % 7) * 1000.5 END,
           CASE WHEN g % 5 = 0 THEN NULL WHEN g % 2 = 0 THEN 'EUR' ELSE 'GBP' END,
           timestamptz '2026-01-01' + (g % 13) * interval '1 day' + (g % 3) * interval '1 microsecond',
           CASE WHEN g % 6 = 0 THEN NULL ELSE timestamptz '2026-02-01' + (g % 11) * interval '1 day' END,
           'https://example.org/' || ${tag} || '/' || g, md5(${tag} || g) || md5(g::text), '{}',
           CASE g % 4 WHEN 0 THEN '{FR}'::text[] WHEN 1 THEN '{DE}' WHEN 2 THEN '{DE,FR}' ELSE '{GB}' END,
           CASE WHEN g % 3 = 0 THEN ARRAY['45233141', '45000000'] WHEN g % 3 = 1 THEN ARRAY['72000000'] ELSE '{}' END
    FROM generate_series(1, ${count}) AS g`.execute(db);
}

async function get(path: string, apiKey: string | null = key) {
  const response = await send(app, path, apiKey ? { headers: { "x-api-key": apiKey } } : {});
  return { status: response.status, headers: response.headers, json: await readJson(response) };
}

/** Every tender, in the order each sort promises, computed here from plain rows. */
async function allRows(): Promise<Row[]> {
  return (
    await sql<Row>`
      SELECT t.id, s.code AS source, to_char(t.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS published_at,
             t.deadline::text AS deadline, t.amount::text AS amount, t.countries
      FROM tenders AS t JOIN sources AS s ON s.id = t.source_id`.execute(tdb.db)
  ).rows;
}
const compare = (a: string | number | null, b: string | number | null, descending: boolean) => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return (a < b ? -1 : 1) * (descending ? -1 : 1);
};
const ORDER: Record<string, (a: Row, b: Row) => number> = {
  published_desc: (a, b) => compare(a.published_at, b.published_at, true) || compare(a.id, b.id, true),
  deadline_asc: (a, b) => compare(a.deadline, b.deadline, false) || compare(a.id, b.id, false),
  amount_desc: (a, b) =>
    compare(a.amount === null ? null : Number(a.amount), b.amount === null ? null : Number(b.amount), true) ||
    compare(a.id, b.id, true),
};

async function walk(query: string, between: () => Promise<void> = async () => {}): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 200; page++) {
    const { status, json } = await get(`/api/v1/tenders?${query}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(status).toBe(200);
    expect(validateList(json)).toMatchObject({ ok: true });
    ids.push(...json.items.map((t: TenderSummary) => t.id));
    cursor = json.next_cursor;
    if (cursor === null) return ids;
    await between();
  }
  throw new Error("more than 200 pages");
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "browse", limitPerMinute: 1_000_000 })).key;
  app = createApp(testDeps(tdb.db));
  await insertTenders(tdb.db, 1000, "base");
});
afterAll(() => tdb.destroy());

describe("GET /api/v1/tenders", () => {
  for (const sort of ["published_desc", "deadline_asc", "amount_desc"]) {
    it(`walks every page, ${sort}: each tender once, in order`, async () => {
      const expected = (await allRows()).sort(ORDER[sort]).map((r) => r.id);
      expect(await walk(`sort=${sort}&limit=37`)).toEqual(expected);
    });

    it(`walks every page, ${sort}, filtered, while another connection inserts tenders`, async () => {
      const before = (await allRows()).filter((r) => r.countries.includes("FR") && r.source === "ted");
      const writer = createDb(tdb.url, { max: 1 });
      let batch = 0;
      try {
        const ids = await walk(`sort=${sort}&limit=50&country=FR&source=ted`, () =>
          insertTenders(writer, 20, `${sort}-${batch++}`),
        );
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).toEqual(expect.arrayContaining(before.map((r) => r.id)));
        const after = new Map((await allRows()).map((r) => [r.id, r]));
        for (const id of ids)
          expect(after.get(id)).toMatchObject({ source: "ted", countries: expect.arrayContaining(["FR"]) });
      } finally {
        await sql`DELETE FROM tenders WHERE external_id NOT LIKE 'base-%'`.execute(writer);
        await writer.destroy();
      }
    });
  }

  it("answers a page as TenderSummary, without payload or description", async () => {
    const { json, headers } = await get("/api/v1/tenders?limit=1&sort=amount_desc");
    expect(Object.keys(json.items[0]).sort()).toEqual(
      [
        "id",
        "source",
        "external_id",
        "title",
        "buyer_name",
        "amount",
        "currency",
        "published_at",
        "deadline",
        "source_url",
        "countries",
        "cpv_codes",
        "cpv",
        "index_status",
        "procedure_id",
        "kind",
        "superseded_by",
      ].sort(),
    );
    expect(json.items[0].amount).toBe("6003.00");
    expect(headers.get("x-ratelimit-limit")).toBe("1000000");
  });

  it("matches buyer literally: % and _ are characters, not wildcards", async () => {
    const percent = await walk("buyer=100%25&limit=100");
    const underscore = await walk("buyer=s_d&limit=100");
    const rows = await sql<{ id: string; buyer_name: string }>`SELECT id, buyer_name FROM tenders`.execute(
      tdb.db,
    );
    expect(percent.length).toBe(rows.rows.filter((r) => r.buyer_name.includes("100%")).length);
    expect(underscore.length).toBe(
      rows.rows.filter((r) => r.buyer_name.toLowerCase().includes("s_d")).length,
    );
    expect((await walk("buyer=%25%25&limit=100")).length).toBe(0);
  });

  it("refuses forged, truncated, edited, foreign and huge cursors with 422", async () => {
    const first = await get("/api/v1/tenders?limit=5");
    const cursor: string = first.json.next_cursor;
    const [payload, mac] = cursor.split(".") as [string, string];
    const edited = Buffer.from(
      Buffer.from(payload, "base64url")
        .toString()
        .replace(/[0-9a-f]{8}-/, "00000000-"),
    ).toString("base64url");
    for (const bad of [
      cursor.slice(0, -3),
      `${edited}.${mac}`,
      `${payload}.${mac.replace(/^./, (c) => (c === "A" ? "B" : "A"))}`,
      "garbage",
      "abc.def",
      `${"A".repeat(5000)}.${"B".repeat(43)}`,
      `${cursor}.extra`,
    ]) {
      const { status, json } = await get(`/api/v1/tenders?limit=5&cursor=${encodeURIComponent(bad)}`);
      expect(status).toBe(422);
      expect(validateError(json)).toMatchObject({ ok: true });
      expect(json.error.details).toEqual([{ path: "/cursor", message: expect.any(String) }]);
    }
    // A cursor continues only the walk it was issued for.
    for (const other of ["limit=5&sort=deadline_asc", "limit=5&country=FR"]) {
      expect((await get(`/api/v1/tenders?${other}&cursor=${cursor}`)).status).toBe(422);
    }
    expect((await get(`/api/v1/tenders?limit=7&cursor=${cursor}`)).status).toBe(200);
  });

  it("refuses bad parameters with one detail each, hostile repetition included", async () => {
    const { status, json } = await get(
      `/api/v1/tenders?country=fr&country=DE&sort=newest&limit=0&buyer=a&buyer=b&colour=red&open=yes&amount_min=5&${"cpv=45&".repeat(51)}`,
    );
    expect(status).toBe(422);
    expect(json.error.details).toEqual([
      { path: "/buyer", message: "Must be given once" },
      { path: "/colour", message: "Unknown field is not allowed" },
      { path: "/country/0", message: expect.stringMatching(/two-letter uppercase country code/) },
      { path: "/cpv", message: "Must list at most 50 values" },
      { path: "/open", message: "Must be true or false" },
      { path: "/amount_min", message: "An amount bound needs currency" },
      {
        path: "/sort",
        message: "Must be one of published_desc, deadline_asc, amount_desc, contract_end_asc",
      },
      { path: "/limit", message: "Must be at least 1" },
    ]);
    const flood = await get(`/api/v1/tenders?${"country=FR&".repeat(5000)}`);
    expect(flood.status).toBe(422);
    expect(flood.json.error.details).toEqual([
      { path: "/", message: "At most 300 query parameters are accepted" },
    ]);
    expect((await get("/api/v1/tenders?__proto__=x&constructor=y")).json.error.details).toEqual([
      { path: "/__proto__", message: "Unknown field is not allowed" },
      { path: "/constructor", message: "Unknown field is not allowed" },
    ]);
    expect((await get("/api/v1/tenders?toString=x")).json.error.details).toEqual([
      { path: "/toString", message: "Unknown field is not allowed" },
    ]);
  });

  it("counts browsing and facets in the allowance Search and Ask share", async () => {
    await awaitFreshMinute(tdb.db);
    const two = (await createApiKey(tdb.db, { name: "two", limitPerMinute: 2 })).key;
    expect((await get("/api/v1/tenders?limit=1", two)).status).toBe(200);
    expect((await get("/api/v1/facets", two)).status).toBe(200);
    const refused = await get("/api/v1/tenders?limit=1", two);
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe("rate_limit_exceeded");
    expect((await postJson(app, "/api/v1/search", { query: "road repair" }, two)).status).toBe(429);
    // An invalid query is refused before it is counted.
    const fresh = (await createApiKey(tdb.db, { name: "one", limitPerMinute: 1 })).key;
    expect((await get("/api/v1/tenders?limit=0", fresh)).status).toBe(422);
    expect((await get("/api/v1/facets", fresh)).status).toBe(200);
  });

  it("needs an API key", async () => {
    expect((await get("/api/v1/tenders", null)).status).toBe(401);
    expect((await get("/api/v1/facets", null)).status).toBe(401);
    for (const path of ["/api/v1/tenders", "/api/v1/facets"]) {
      const response = await send(app, path, {
        method: "POST",
        headers: { "x-api-key": key, "x-request-id": "req-1" },
      });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
      expect(response.headers.get("x-request-id")).toBe("req-1");
      expect((await readJson(response)).error).toMatchObject({
        code: "method_not_allowed",
        request_id: "req-1",
      });
    }
  });
});

// The English labels of the divisions these tenders are classified in.
const DIVISION_LABELS: Record<string, string> = {
  "45": "Construction work",
  "72": "IT services: consulting, software development, Internet and support",
};

describe("GET /api/v1/facets", () => {
  const groupBy = async (filter: string) => {
    const where = sql.raw(filter);
    const counts = async (value: string, from = "") =>
      (
        await sql<{ value: string; count: number }>`
          SELECT ${sql.raw(value)} AS value, count(*)::int AS count
          FROM tenders AS t JOIN sources AS s ON s.id = t.source_id ${sql.raw(from)}
          WHERE ${where} AND ${sql.raw(value)} IS NOT NULL
          GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 50`.execute(tdb.db)
      ).rows;
    const total = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM tenders AS t JOIN sources AS s ON s.id = t.source_id WHERE ${where}`.execute(
      tdb.db,
    );
    return {
      total: total.rows[0]?.n,
      sources: await counts("s.code"),
      countries: await counts("c", ", unnest(t.countries) AS c"),
      cpv_divisions: (
        await counts("d", ", LATERAL (SELECT DISTINCT left(x, 2) AS d FROM unnest(t.cpv_codes) AS x) AS dd")
      ).map((bucket) => ({ ...bucket, label: DIVISION_LABELS[bucket.value] })),
      currencies: await counts("t.currency"),
      kinds: await counts("t.kind"),
    };
  };

  it("counts equal a GROUP BY, with and without filters", async () => {
    for (const [query, where] of [
      ["", "true"],
      ["country=FR", "t.countries && '{FR}'"],
      ["source=contracts_finder&cpv=452", "s.code = 'contracts_finder' AND t.cpv_codes::text LIKE '%452%'"],
      [
        "currency=EUR&amount_min=2000&amount_max=5000",
        "t.currency = 'EUR' AND t.amount BETWEEN 2000 AND 5000",
      ],
      [
        "kind=competition&kind=result&current=true",
        "t.kind IN ('competition', 'result') AND t.superseded_by IS NULL",
      ],
    ] as const) {
      const { status, json } = await get(`/api/v1/facets?${query}`);
      expect(status).toBe(200);
      expect(validateFacets(json)).toMatchObject({ ok: true });
      expect(json).toEqual(await groupBy(where));
      expect(json.total).toBeGreaterThan(0);
    }
  });

  it("refuses paging parameters and bad filters", async () => {
    const { status, json } = await get("/api/v1/facets?limit=5&country=XYZ");
    expect(status).toBe(422);
    expect(json.error.details.map((d: { path: string }) => d.path)).toEqual(["/limit", "/country/0"]);
  });
});
