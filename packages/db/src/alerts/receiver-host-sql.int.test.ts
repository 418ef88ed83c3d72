import { useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { receiverHostSql } from "./receiver-host-sql.js";

const t = useTestDatabase();

async function hostsOf(urls: readonly (string | null)[]): Promise<string[]> {
  const { rows } = await sql<{ host: string }>`
    SELECT ${receiverHostSql(sql`x.u`)} AS host
    FROM unnest(${urls}::text[]) WITH ORDINALITY AS x(u, i) ORDER BY x.i`.execute(t.db);
  return rows.map((r) => r.host);
}

/** The host the HTTP client connects to (WHATWG URL), without the trailing dot of a name. */
function connectedHost(raw: string): string | undefined {
  try {
    return new URL(raw).host.replace(/\.(:\d*)?$/, "$1");
  } catch {
    return undefined;
  }
}

const randomCase = (s: string) =>
  fc
    .array(fc.boolean(), { minLength: s.length, maxLength: s.length })
    .map((up) => [...s].map((c, i) => (up[i] ? c.toUpperCase() : c)).join(""));
const chars = (set: string) => fc.string({ unit: fc.constantFrom(...set), maxLength: 12 });
// Sloppy and hostile spellings: any case, `\` for `/`, credentials holding `@`, `:` and
// escapes, default and empty ports, a trailing dot, paths and queries full of `@`, `\` and `:`.
const webhookUrl = fc
  .record({
    scheme: fc.constantFrom("http", "https").chain(randomCase),
    slashes: chars("/\\").filter((s) => s.length <= 3),
    userinfo: fc.option(chars("aB1:@%!.-"), { nil: undefined }),
    host: fc.domain().chain(randomCase),
    dot: fc.boolean(),
    port: fc.option(fc.oneof(fc.constantFrom("", "80", "443", "8443"), fc.nat(65_535).map(String)), {
      nil: undefined,
    }),
    rest: fc.option(
      fc.tuple(fc.constantFrom("/", "\\", "?", "#"), chars("a/\\?#@:.%")).map(([a, b]) => a + b),
      { nil: "" },
    ),
  })
  .map(
    ({ scheme, slashes, userinfo, host, dot, port, rest }) =>
      `${scheme}:${slashes}${userinfo === undefined ? "" : `${userinfo}@`}${host}${dot ? "." : ""}${
        port === undefined ? "" : `:${port}`
      }${rest}`,
  );

describe("receiverHostSql", () => {
  it("names the host the HTTP client connects to, however the URL spells it", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(webhookUrl, { minLength: 1, maxLength: 40 }), async (generated) => {
        const urls = generated.filter((u) => connectedHost(u) !== undefined);
        expect(await hostsOf(urls)).toEqual(urls.map(connectedHost));
      }),
      { numRuns: 60 },
    );
  });

  it("reads examples the same way, and no webhook as no host", async () => {
    expect(
      await hostsOf([
        "https://Hooks.Example.org:443/in",
        "https://user:p@ss@hooks.example.org./in?x=@evil.example",
        "HTTPS:\\\\hooks.example.org\\@evil.example/",
        "http://hooks.example.org:80",
        "http://hooks.example.org:8080/a",
        "https://[2001:db8::1]:8443/in",
        null,
      ]),
    ).toEqual([
      "hooks.example.org",
      "hooks.example.org",
      "hooks.example.org",
      "hooks.example.org",
      "hooks.example.org:8080",
      "[2001:db8::1]:8443",
      "",
    ]);
  });
});
