import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { busNames } from "@tender/bus";
import { createPoliteHttpClient, runSyncPass } from "@tender/ingest";
import { type ReplayServer, startReplayServer } from "@tender/ingest/testing";
import { uniqueBusToken, useTestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTedAdapter } from "./ted-adapter.js";
import { DEFAULT_TED_FIELDS } from "./ted-search-body.js";

// A sync pass runs in a child process (the workspace sources, loaded by Node with type stripping)
// and is killed with SIGKILL after its first page committed, while it waits for the second page.

type Page = { notices: unknown[]; iterationNextToken: string | null };
const load = (name: string): Page =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8"));
const TOKEN = "c2Nyb2xsLXRva2VuLXBhZ2UtMg==";
const pages: Page[] = [
  { ...load("ted_v3_search_digital_competition_2026-05-30.json"), iterationNextToken: TOKEN },
  { ...load("ted_v3_search_it_software_sweden_2026-07-01.json"), iterationNextToken: null },
];
const root = fileURLToPath(new URL("../../../", import.meta.url));
const subject = busNames(`t${uniqueBusToken()}`).subject;

// Resolves the sources' `./x.js` imports to `./x.ts`, as tsc and vitest do.
const HOOKS = `import { registerHooks } from "node:module";
registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier, context);
    } catch (error) {
      if (error?.code !== "ERR_MODULE_NOT_FOUND" || !specifier.startsWith(".") || !specifier.endsWith(".js")) throw error;
      return next(specifier.slice(0, -3) + ".ts", context);
    }
  },
});
`;

const CHILD = `const src = (path) => import(new URL(path, "file://${root}"));
const { createDb } = await src("packages/db/src/index.ts");
const { createPoliteHttpClient, runSyncPass } = await src("packages/ingest/src/index.ts");
const { createTedAdapter, DEFAULT_TED_FIELDS } = await src("packages/source-ted/src/index.ts");
const env = process.env;
const db = createDb(env.DATABASE_URL, { max: 2 });
const http = createPoliteHttpClient({ allowedHosts: [env.TED_HOST], timeoutMs: 120000, maxResponseBytes: 1 << 20 });
const adapter = createTedAdapter({ http, baseUrl: env.TED_BASE_URL, query: "q", fields: DEFAULT_TED_FIELDS, pageSize: 10 });
const logger = { debug() {}, info() {}, warn() {}, error() {} };
await runSyncPass({
  db, adapter, logger, subject: env.SUBJECT,
  onPageCommitted: (page) => process.stdout.write("committed " + page.number + "\\n"),
});
process.stdout.write("finished\\n");
await db.destroy();
`;

const testDb = useTestDatabase();
let server: ReplayServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "ted-crash-"));
  writeFileSync(join(dir, "hooks.mjs"), HOOKS);
  writeFileSync(join(dir, "child.mjs"), CHILD);
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

function startChild(): { child: ChildProcess; output: () => string; exited: Promise<NodeJS.Signals | null> } {
  const child = spawn(
    process.execPath,
    [
      "--experimental-transform-types",
      "--no-warnings",
      "--conditions=@tender/source",
      "--import",
      join(dir, "hooks.mjs"),
      join(dir, "child.mjs"),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: testDb.url,
        TED_BASE_URL: server.baseUrl,
        TED_HOST: server.host,
        SUBJECT: subject,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once("exit", (_code, signal) => resolve(signal)),
  );
  return { child, output: () => output, exited };
}

describe("a sync process killed between pages", () => {
  it("loses nothing and duplicates nothing when the next pass resumes", async () => {
    let secondPageAsked: () => void = () => {};
    const waitingForSecondPage = new Promise<void>((resolve) => (secondPageAsked = resolve));
    server = await startReplayServer((req) => {
      const token = (JSON.parse(req.body) as { iterationNextToken?: string }).iterationNextToken;
      if (token === undefined) return { body: pages[0] };
      secondPageAsked();
      return { hang: true };
    });

    const run = startChild();
    const endedEarly = run.exited.then((s) => {
      throw new Error(`child ended before asking for the second page (${s}): ${run.output()}`);
    });
    await Promise.race([waitingForSecondPage, endedEarly]);
    endedEarly.catch(() => {});
    run.child.kill("SIGKILL");
    const signal = await run.exited;
    expect(signal).toBe("SIGKILL");
    expect(run.output()).toContain("committed 1");
    expect(run.output()).not.toContain("finished");

    // Page 1 is fully committed: its tenders, their events and the cursor to page 2.
    const afterCrash = await testDb.db.selectFrom("tenders").select("external_id").execute();
    expect(afterCrash).toHaveLength(10);
    const source = await testDb.db.selectFrom("sources").selectAll().executeTakeFirstOrThrow();
    expect(source.cursor).toBe(TOKEN);
    expect(
      await testDb.db.selectFrom("outbox").select("id").where("subject", "=", subject).execute(),
    ).toHaveLength(10);

    // Restart: the next pass asks for page 2 with the stored token and finishes.
    server.setHandler((req) => {
      const token = (JSON.parse(req.body) as { iterationNextToken?: string }).iterationNextToken;
      return { body: token === TOKEN ? pages[1] : { notices: [], iterationNextToken: null } };
    });
    const http = createPoliteHttpClient({
      allowedHosts: [server.host],
      timeoutMs: 10_000,
      maxResponseBytes: 1 << 20,
    });
    const adapter = createTedAdapter({
      http,
      baseUrl: server.baseUrl,
      query: "q",
      fields: DEFAULT_TED_FIELDS,
      pageSize: 10,
    });
    const logger = { debug() {}, info() {}, warn() {}, error() {} };
    const report = await runSyncPass({ db: testDb.db, adapter, logger, subject });
    expect(report).toMatchObject({ pages: 1, created: 5, changed: 0, unchanged: 0, events: 5, stop: "end" });

    const tenders = await testDb.db.selectFrom("tenders").select(["id", "external_id"]).execute();
    expect(tenders).toHaveLength(15);
    expect(new Set(tenders.map((t) => t.external_id)).size).toBe(15);
    const events = await testDb.db
      .selectFrom("outbox")
      .select("payload")
      .where("subject", "=", subject)
      .execute();
    const announced = events.map((e) => e.payload.tender_id as string).sort();
    expect(announced).toEqual(tenders.map((t) => t.id).sort());
  }, 60_000);
});
