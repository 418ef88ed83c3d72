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
