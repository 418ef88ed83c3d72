// The demo as a user runs it (`node packages/demo/dist/main.js`, built by `tsc -b`): it comes up,
// the curl commands it prints return fragments from inside the real PDF and from the recorded
// notices, the demo procedure's follow-ups arrive, and Ctrl-C stops it.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { busNames, connectBus } from "@tender/bus";
import { createDb } from "@tender/db";
import { freePort } from "@tender/net";
import { SOURCES } from "@tender/sources";
import { testNatsUrl, uniqueBusToken, withDatabase } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { REPO_ROOT } from "./repo-paths.js";
import { SERVICE_NAMES } from "./system/service-specs.js";

const run = promisify(execFile);
const adminUrl = inject("testDatabaseUrl");
const databaseName = `tender_demo_${randomBytes(4).toString("hex")}`;
const busPrefix = `demo${uniqueBusToken()}`;
let demoDir: string;
let demo: ChildProcess;
let output = "";
let exited: Promise<number | null>;

/** The shell command printed under the heading that starts with `heading`. */
function commandUnder(heading: string): string {
  const lines = output.split("\n");
  const start = lines.findIndex((line) => line.startsWith(heading));
  const end = lines.findIndex((line, i) => i > start && line.trim() === "");
  if (start < 0 || end < 0) throw new Error(`no "${heading}" block in the demo's output`);
  return lines.slice(start + 1, end).join("\n");
}

async function runPrinted(heading: string): Promise<unknown> {
  const { stdout } = await run("/bin/sh", ["-c", commandUnder(heading)], { timeout: 30_000 });
  return JSON.parse(stdout);
}

/** Pids of every process below `root` (children, grandchildren…), from /proc. */
async function descendants(root: number): Promise<number[]> {
  const parentOf = new Map<number, number>();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ")".
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (Number.isInteger(ppid)) parentOf.set(Number(entry), ppid);
  }
  const found: number[] = [];
  const visit = (pid: number) => {
    for (const [child, parent] of parentOf) {
      if (parent === pid) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(root);
  return found;
}

/** Those of `pids` that still run (a zombie counts as gone). */
async function stillRunning(pids: readonly number[]): Promise<number[]> {
  const alive: number[] = [];
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
    if (stat !== null && stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z") {
      alive.push(pid);
    }
  }
  return alive;
}

beforeAll(async () => {
  demoDir = await mkdtemp(join(tmpdir(), "tender-demo-test-"));
  demo = spawn(process.execPath, [join(REPO_ROOT, "packages/demo/dist/main.js")], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      DEMO_DATABASE_URL: withDatabase(adminUrl, databaseName),
      NATS_URL: testNatsUrl(),
      DEMO_BUS_PREFIX: busPrefix,
      DEMO_PORT: String(await freePort()),
      DEMO_DIR: demoDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  demo.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  demo.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  exited = new Promise((resolve) => demo.once("exit", (code) => resolve(code)));
  await vi.waitFor(
    () => {
      if (demo.exitCode !== null) throw new Error(`the demo exited early:\n${output}`);
      expect(output).toContain("Press Ctrl-C to stop everything.");
    },
    { timeout: 180_000, interval: 500 },
  );
}, 190_000);

afterAll(async () => {
  if (demo.exitCode === null) {
    demo.kill("SIGKILL");
    await exited;
  }
  const admin = createDb(adminUrl, { max: 1 });
  await sql`DROP DATABASE IF EXISTS ${sql.id(databaseName)} WITH (FORCE)`.execute(admin);
  await admin.destroy();
  const bus = await connectBus({ servers: testNatsUrl(), name: "demo-test-cleanup" });
  const names = busNames(busPrefix);
  for (const stream of [names.stream, names.dlqStream]) await bus.jsm.streams.delete(stream).catch(() => {});
  await bus.close();
  await rm(demoDir, { recursive: true, force: true });
}, 60_000);

describe("the demo (scripts/demo.sh runs it after the set-up)", () => {
  it("shows the progress, then a key and commands for Search, Ask and the tender card", () => {
    expect(output).toMatch(/tenders ready \d+\/\d+/);
    expect(output).toMatch(/check: Search returned 3 fragment\(s\), 3 of them from inside a downloaded PDF/);
    expect(output).toMatch(
      new RegExp(
        `check: Search over the recorded notices returned 4 fragment\\(s\\): ${SOURCES.map((source) => `\\d from ${source.label.replace(/[()]/g, "\\$&")}`).join(", ")}`,
      ),
    );
    expect(output).toMatch(/Demo API key \(shown once\): tsk_[A-Za-z0-9_-]{43}\n/);
    // Every service's lines carry its name.
    for (const name of SERVICE_NAMES) {
      expect(output).toMatch(new RegExp(`^${name} +\\| `, "m"));
    }
  });

  it("prints the saved search's alerts as they arrive, the PDF's clause among them, and its feed", async () => {
    expect(output).toContain('saved search "Steel strip tenders (demo)"');
    // The notifier calls the webhook within about a second of indexing: maybe after the ready message.
    await vi.waitFor(() => expect(output).toMatch(/alert for "Steel strip tenders \(demo\)": 821126-2025/), {
      timeout: 30_000,
      interval: 250,
    });
    expect(output).toMatch(
      /alert for "Steel strip tenders \(demo\)": 821126-2025 "[^"]*NASTRI IN ACCIAIO[^"]*" — score \d\.\d\d, in 821126-2025-it\.pdf: "[^"]*" — signature checked/,
    );
    expect(output).not.toContain("SIGNATURE INVALID");
    // The notifier mails the demo address a confirmation, the demo follows its link, then the digest comes.
    await vi.waitFor(
      () =>
        expect(output).toMatch(
          /mail to you@tender-search\.example: "\d+ new tenders? for “Steel strip tenders \(demo\)”"/,
        ),
      { timeout: 30_000, interval: 250 },
    );
    expect(output).toContain(
      "confirmation mail to you@tender-search.example: link followed, the address is confirmed",
    );
    expect(output).toMatch(/ {4}Tender search: alert for “Steel strip tenders \(demo\)”/);
    const feed = commandUnder("# Alerts:");
    expect(feed).toMatch(/^curl -s http:\/\/127\.0\.0\.1:\d+\/api\/v1\/feeds\/[A-Za-z0-9_-]{43}$/);
    const { stdout } = await run("/bin/sh", ["-c", feed], { timeout: 30_000 });
    expect(stdout).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
    expect(stdout).toContain("NASTRI IN ACCIAIO");
  });

  it("tells the demo procedure's story: the call's match, then its change and its award as follow-ups", () => {
    const search = "School programme evaluations \\(demo\\)";
    const story = [
      `alert for "${search}": 083650-2026-demo-call "HC2645 Evaluation of the Emtional Me in Wiltshire Schools" — score \\d\\.\\d\\d, in the notice: "[^"]*" — signature checked`,
      "Find a Tender now also serves 083650-2026-demo-change \\(its change notice\\)",
      `follow-up for "${search}": 083650-2026-demo-change changed — deadline 7 Aug 2026 → 14 Aug 2026 — signature checked`,
      "Find a Tender now also serves 083650-2026 \\(its contract award notice\\)",
      `follow-up for "${search}": 083650-2026 awarded — "HC2645 Evaluation of the Emtional Me in Wiltshire Schools" — signature checked`,
      `check: saved search "${search}" was alerted 083650-2026-demo-call match, then 083650-2026-demo-change changed, then 083650-2026 awarded`,
      "check: the procedure lists 083650-2026-demo-call competition \\(replaced\\), 083650-2026-demo-change change, 083650-2026 result",
    ];
    // In this order: each notice is published only after the alert of the one before it.
    expect(output).toMatch(new RegExp(story.join("[^]*")));
    // Each once: the saved search hears of each notice of the procedure once.
    expect(output.match(/follow-up for "School programme evaluations \(demo\)"/g)).toHaveLength(2);
  });

  it("the printed procedure command lists the call (replaced by its change), the change and the award", async () => {
    const procedure = (await runPrinted("# The procedure")) as {
      source: string;
      current: { external_id: string; deadline: string };
      notices: {
        id: string;
        external_id: string;
        kind: string;
        superseded_by: string | null;
        changes: unknown;
      }[];
    };
    expect(procedure.source).toBe("find_a_tender");
    const [call, change, award] = procedure.notices;
    expect(procedure.notices.map((n) => [n.external_id, n.kind])).toEqual([
      ["083650-2026-demo-call", "competition"],
      ["083650-2026-demo-change", "change"],
      ["083650-2026", "result"],
    ]);
    expect(call?.superseded_by).toBe(change?.id);
    expect([change?.superseded_by, award?.superseded_by]).toEqual([null, null]);
    expect(change?.changes).toEqual([
      { field: "deadline", from: "2026-08-07T11:00:00.000Z", to: "2026-08-14T11:00:00.000Z" },
    ]);
    expect(procedure.current).toMatchObject({
      external_id: "083650-2026-demo-change",
      deadline: "2026-08-14T11:00:00.000Z",
    });
    // The web app's tender page of the current notice shows the procedure's timeline.
    expect(output).toMatch(
      new RegExp(`the procedure's timeline is on http://127\\.0\\.0\\.1:\\d+/app/tenders/${change?.id}\n`),
    );
  });

  it("the printed Search command returns fragments from inside the downloaded PDFs", async () => {
    const body = (await runPrinted("# Search")) as {
      items: { snippet: string; attachment: { filename: string } | null }[];
    };
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((item) => item.attachment?.filename.endsWith("-it.pdf"))).toBe(true);
    expect(body.items.map((item) => item.snippet).join("\n")).toContain("Valore stimato al netto dell'IVA");
  });

  it("the printed notices command returns the recorded notices' own fields", async () => {
    const body = (await runPrinted("# The recorded notices")) as {
      items: { source: string; source_url: string; title: string; attachment: unknown }[];
    };
    const sources = new Set(body.items.map((item) => item.source));
    expect(sources.has("ted")).toBe(true);
    expect([...sources].every((s) => SOURCES.some((source) => source.code === s))).toBe(true);
    expect(body.items.every((item) => item.attachment === null)).toBe(true);
    // Notices of the real captures, not of the page derived from the PDFs.
    expect(body.items.map((item) => item.source_url)).toContain(
      "https://ted.europa.eu/en/notice/-/detail/369161-2026",
    );
    expect(body.items.map((item) => item.title)).toContain("Procurement of office and IT equipment");
  });

  it("the printed filtered Search returns only German notices in CPV division 72", async () => {
    const body = (await runPrinted("# Filtered Search")) as {
      items: { tender_id: string; source_url: string }[];
    };
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.map((item) => item.source_url)).toContain(
      "https://ted.europa.eu/en/notice/-/detail/369161-2026",
    );
    const db = createDb(withDatabase(adminUrl, databaseName), { max: 1 });
    try {
      for (const item of body.items) {
        const row = await db
          .selectFrom("tenders")
          .select(["countries", "cpv_codes"])
          .where("id", "=", item.tender_id)
          .executeTakeFirstOrThrow();
        expect(row.countries).toContain("DE");
        expect(row.cpv_codes.some((code) => code.startsWith("72"))).toBe(true);
      }
    } finally {
      await db.destroy();
    }
  });

  it("the printed browse command lists the French IT-services notices, soonest deadline first", async () => {
    const body = (await runPrinted("# Browse")) as {
      items: { external_id: string; countries: string[]; cpv_codes: string[]; deadline: string | null }[];
      next_cursor: string | null;
    };
    expect(body.items.map((item) => item.external_id).sort()).toEqual([
      "367831-2026",
      "368900-2026",
      "368912-2026",
    ]);
    for (const item of body.items) {
      expect(item.countries).toContain("FR");
      expect(item.cpv_codes.some((code) => code.startsWith("72"))).toBe(true);
    }
    expect(body.next_cursor).toBeNull();
  });

  it("the printed Ask command answers from the PDF of 821126-2025", async () => {
    const body = (await runPrinted("# Ask")) as {
      answer: string;
      sources: { snippet: string; attachment: { filename: string } | null }[];
    };
    expect(body.sources[0]?.attachment?.filename).toBe("821126-2025-it.pdf");
    expect(body.sources[0]?.snippet).toContain(
      "Termine per il ricevimento delle offerte: 08/01/2026 12:00:00",
    );
    expect(body.answer).toContain("[1]");
  });

  it("the printed tender card command shows the downloaded PDF", async () => {
    const card = (await runPrinted("# The tender card")) as {
      external_id: string;
      attachments: { filename: string; download_status: string }[];
    };
    expect(card.external_id).toBe("821126-2025");
    expect(card.attachments).toEqual([
      expect.objectContaining({ filename: "821126-2025-it.pdf", download_status: "ready" }),
    ]);
  });

  it("Ctrl-C (SIGINT) stops every service and exits 0, leaving no process behind", async () => {
    // Services, their helpers (the indexer's extraction processes) and anything else started.
    const started = await descendants(demo.pid ?? -1);
    expect(started.length).toBeGreaterThanOrEqual(5);
    demo.kill("SIGINT");
    expect(await exited).toBe(0);
    await vi.waitFor(async () => expect(await stillRunning(started)).toEqual([]), {
      timeout: 10_000,
      interval: 200,
    });
    expect(output).toMatch(/stopping: SIGTERM to every service/);
    expect(output.trimEnd().split("\n").at(-1)).toMatch(/^demo +\| stopped$/);
    expect(output).not.toMatch(/did not stop within/);
  }, 40_000);
});
