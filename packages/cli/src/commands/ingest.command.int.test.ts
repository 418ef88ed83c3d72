import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tedNoticeToTenderRecord } from "@tender/source-ted";
import { TED_FIXTURES, tedFixturePath } from "@tender/source-ted/testing";
import { createTestDatabase, type TestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCaptured } from "../run-captured.js";

let t: TestDatabase;
let dir: string;
const env = () => ({ DATABASE_URL: t.url, BUS_PREFIX: "tcliingest" });

// Records mapped from the real TED page, as an operator would export them.
const page = JSON.parse(readFileSync(tedFixturePath(TED_FIXTURES.itSoftwareSwedenPage), "utf8")) as {
  notices: unknown[];
};
const records = page.notices.map((notice) => {
  const result = tedNoticeToTenderRecord(notice);
  if (!result.ok) throw new Error(result.reason);
  return result.record;
});

beforeAll(async () => {
  t = await createTestDatabase();
  dir = mkdtempSync(join(tmpdir(), "tender-ingest-"));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.destroy();
});

function file(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

describe("tender ingest", () => {
  it("imports the records, reports invalid lines by number and quarantines them", async () => {
    const lines = records.map((r) => JSON.stringify(r));
    lines.splice(2, 0, JSON.stringify({ ...records[0], external_id: "x-1", currency: "sek" }));
    const path = file("records.jsonl", lines);

    const { code, stdout, stderr } = await runCaptured(["ingest", "--source", "ted", "--file", path], env());
    expect(code).toBe(0);
    expect(stdout).toBe(
      "ted: 6 records read — 5 new, 0 changed, 0 unchanged, 1 quarantined; 5 events queued\n",
    );
    expect(stderr).toBe("line 3: currency: Must be a three-letter uppercase currency code, e.g. EUR\n");

    // Facets come from each record's payload, as a sync stores them.
    const facets = await t.db
      .selectFrom("tenders")
      .select(["external_id", "cpv_codes"])
      .orderBy("external_id")
      .execute();
    expect(facets.find((f) => f.external_id === "450523-2026")?.cpv_codes).toEqual(["72000000"]);

    const outbox = await t.db.selectFrom("outbox").select("subject").execute();
    expect(outbox.map((o) => o.subject)).toEqual(Array(5).fill("tcliingest.tender.changed.v1"));
    const quarantined = await t.db.selectFrom("quarantined_records").selectAll().executeTakeFirstOrThrow();
    expect(quarantined).toMatchObject({ source: "ted", external_id: "x-1" });

    const again = await runCaptured(["ingest", "--source", "ted", "--file", path, "--json"], env());
    expect(JSON.parse(again.stdout)).toEqual({
      source: "ted",
      records: 6,
      new: 0,
      changed: 0,
      unchanged: 5,
      quarantined: 1,
      events: 0,
      rejected: [
        {
          line: 3,
          external_id: "x-1",
          reason: "currency: Must be a three-letter uppercase currency code, e.g. EUR",
        },
      ],
    });
  });

  it("imports every valid record of a file mixing each class of hostile record, first line after a BOM", async () => {
    const [first, ...rest] = records.map((r) => ({ ...r, external_id: `mixed-${r.external_id}` }));
    const base = { ...first, external_id: "hostile" };
    const attachment = { external_id: null, title: null, filename: "a.pdf", content_type: null };
    // 4,096 random characters: more than a btree entry holds, and incompressible.
    const longUrl = `https://example.com/${Array.from({ length: 4076 }, (_, i) => "abcdefghijklmnopqrstuvwxyz0123456789"[(i * 7919) % 36]).join("")}`;
    const hostile: [string, string][] = [
      [
        JSON.stringify({ ...base, title: "t".repeat(10_000_000) }),
        "title: Must be at most 4000 characters long",
      ],
      [
        JSON.stringify({ ...base, published_at: "0000-06-01T00:00:00Z" }),
        "published_at: Must be a valid ISO 8601 date-time, e.g. 2026-05-30T12:00:00Z",
      ],
      [
        JSON.stringify({ ...base, deadline: "+275760-09-13T00:00:00Z" }),
        "deadline: Must be a valid ISO 8601 date-time, e.g. 2026-05-30T12:00:00Z",
      ],
      [
        JSON.stringify({ ...base, description: "a\u0000b" }),
        "description: contains a NUL character (U+0000), which the database cannot store",
      ],
      [
        JSON.stringify({ ...base, raw_payload: { note: "x\ud800" } }),
        "raw_payload.note: contains a lone UTF-16 surrogate (half of a character), which the database cannot store",
      ],
      [
        JSON.stringify({ ...base, external_id: "😀".repeat(513) }),
        "external_id: Must be at most 512 characters long",
      ],
      [
        JSON.stringify({ ...base, attachments: [{ ...attachment, source_url: `${longUrl}x` }] }),
        "attachments.0.source_url: Must be at most 4096 characters long",
      ],
      [
        JSON.stringify({
          ...base,
          attachments: Array.from({ length: 501 }, (_, i) => ({
            ...attachment,
            source_url: `https://example.com/${i}`,
          })),
        }),
        "attachments: Must have at most 500 attachments",
      ],
      [
        `${JSON.stringify({ ...base, raw_payload: "@" }).replace('"@"', `{"a":${"[".repeat(100_000)}${"]".repeat(100_000)}}`)}`,
        "raw_payload: Must be at most 64 levels deep",
      ],
      [
        JSON.stringify({ ...base, raw_payload: { t: "x".repeat(5_000_000) } }),
        "raw_payload: Must be at most 5000000 bytes as JSON text",
      ],
      ["{not json", "not JSON: "],
    ];
    const valid = [...rest, { ...first, attachments: [{ ...attachment, source_url: longUrl }] }].map((r) =>
      JSON.stringify(r),
    );
    const lines = [`\uFEFF${valid[0]}`, ...hostile.map(([line]) => line), ...valid.slice(1)];
    const path = file("mixed.jsonl", lines);

    const { code, stdout, stderr } = await runCaptured(
      ["ingest", "--source", "ted", "--file", path, "--json"],
      env(),
    );
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ records: lines.length, new: valid.length, quarantined: hostile.length });
    expect(report.rejected.map((r: { line: number }) => r.line)).toEqual(hostile.map((_, i) => i + 2));
    expect(report.rejected.map((r: { reason: string }) => r.reason)).toEqual(
      hostile.map(([, reason]) => (reason === "not JSON: " ? expect.stringMatching(/^not JSON: /) : reason)),
    );
    const stored = await t.db
      .selectFrom("tenders")
      .select("external_id")
      .where("external_id", "like", "mixed-%")
      .execute();
    expect(stored).toHaveLength(valid.length);
    const kept = await t.db
      .selectFrom("attachments")
      .select("source_url")
      .where("source_url", "=", longUrl)
      .execute();
    expect(kept).toHaveLength(1);
  });

  it("ends lines at \\n and \\r\\n only: U+2028, U+2029 and a lone \\r stay inside their record", async () => {
    const [a, b, c] = records.map((r) => ({ ...r, external_id: `sep-${r.external_id}` }));
    const titles = ["Roads\u2028and bridges", "Parks\u2029lot 2", "Schools\rlot 3"];
    const text = [
      JSON.stringify({ ...a, title: titles[0] }),
      // A raw carriage return inside a string: not JSON, quarantined as line 2.
      `{"title": "raw\rcarriage return"}`,
      // A lone carriage return between tokens is JSON whitespace.
      `{\r${JSON.stringify({ ...b, title: titles[1] }).slice(1)}`,
      "{not json",
      JSON.stringify({ ...c, title: titles[2] }),
    ].join("\r\n");
    const path = join(dir, "separators.jsonl");
    writeFileSync(path, `${text}\n`);

    const { code, stdout, stderr } = await runCaptured(
      ["ingest", "--source", "ted", "--file", path, "--json"],
      env(),
    );
    expect([code, stderr]).toEqual([0, ""]);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ records: 5, new: 3, quarantined: 2 });
    expect(report.rejected.map((r: { line: number }) => r.line)).toEqual([2, 4]);
    const stored = await t.db
      .selectFrom("tenders")
      .select("title")
      .where("external_id", "like", "sep-%")
      .orderBy("title")
      .execute();
    expect(stored.map((s) => s.title).sort()).toEqual([...titles].sort());
  });

  it("explains an unreadable file and a bad source code", async () => {
    const missing = await runCaptured(
      ["ingest", "--source", "ted", "--file", join(dir, "nope.jsonl")],
      env(),
    );
    expect(missing).toMatchObject({
      code: 1,
      stderr: `error: cannot read ${join(dir, "nope.jsonl")}: ENOENT\n`,
    });
    const folder = await runCaptured(["ingest", "--source", "ted", "--file", dir], env());
    expect(folder).toMatchObject({ code: 1, stderr: `error: cannot read ${dir}: not a file\n` });
    const bad = await runCaptured(["ingest", "--source", "TED!", "--file", file("x.jsonl", [])], env());
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^error: --source must be a source code/);
  });
});
