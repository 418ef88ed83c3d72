// Code passed to page.evaluate runs in the browser: it is typed against the DOM.
/// <reference lib="dom" />
import { createApiKey } from "@tender/db";
import { createTestDatabase, seedTender, type TestDatabase } from "@tender/testing";
import { sql } from "kysely";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../create-app.js";
import { type ServedApp, serveApp } from "../server/serve-app.js";
import { launchTestBrowser, openSignedIn, type TestBrowser, watchPageErrors } from "../testing/browser.js";
import { TEST_SERVER_TIMEOUTS, testDeps } from "../testing/test-deps.js";

// Text and links a careless or hostile source can store, as the web app shows them in Chromium.
let tdb: TestDatabase;
let browser: TestBrowser;
let served: ServedApp;
let base: string;
let key: string;
let tenderId: string;
const WAIT = { timeout: 15_000 };
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
// Schemes a browser reads as javascript: once it drops spaces, tabs and case.
const HOSTILE_URLS = [
  "javascript:alert(1)",
  " JaVaScRiPt:alert(2)",
  "java\tscript:alert(3)",
  "data:text/html,x",
];

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "web", limitPerMinute: 100_000 })).key;
  // The database refuses URLs that are not http(s) today; the app must not rely on it (a restored
  // old dump, a later schema), so this test database lets them in.
  await sql`ALTER TABLE tenders DROP CONSTRAINT tenders_source_url_check`.execute(tdb.db);
  await sql`ALTER TABLE attachments DROP CONSTRAINT attachments_source_url_check`.execute(tdb.db);
  const tender = await seedTender(tdb.db, {
    title: "Invoice\u202Efdp.exe",
    buyer_name: "City \u2067gnp\u2069.exe",
    description: "Lot\u200F one\u061C.",
    attachments: [
      ...HOSTILE_URLS.map((sourceUrl, i) => ({ filename: `hostile-${i}.pdf`, sourceUrl })),
      { filename: "plan\u202Efdp.exe", sourceUrl: "https://files.example.org/plan.pdf" },
    ],
  });
  tenderId = tender.id;
  // A notice link no source should send, stored as is.
  await sql`UPDATE tenders SET source_url = ${"\tjavascript:alert(4)"} WHERE id = ${tenderId}`.execute(
    tdb.db,
  );
  served = await serveApp(createApp(testDeps(tdb.db)), {
    port: 0,
    host: "127.0.0.1",
    timeouts: TEST_SERVER_TIMEOUTS,
  });
  base = `http://127.0.0.1:${served.port}`;
  browser = await launchTestBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await served?.close(1_000);
  await tdb?.destroy();
});

const signedIn = (): Promise<Page> => openSignedIn(browser, base, key);

describe("the web app with hostile text and links from a source", () => {
  it("links only http(s) addresses and shows bidirectional controls as markers", async () => {
    const page = await signedIn();
    const problems = watchPageErrors(page);

    // The list: the title isolated, its override shown.
    const listed = page.locator(".result-list h3 bdi").first();
    await listed.waitFor(WAIT);
    expect(await listed.textContent()).toBe("Invoice⟨U+202E⟩fdp.exe");

    await page.goto(`${base}/app/tenders/${tenderId}`);
    await page.getByRole("heading", { level: 1 }).waitFor(WAIT);
    const shown = await page.evaluate(() => ({
      hrefs: [...document.querySelectorAll("a[href]")].map((a) => (a as HTMLAnchorElement).href),
      title: document.querySelector("h1")?.textContent,
      titleIsolated: document.querySelector("h1 bdi") !== null,
      main: document.querySelector("main")?.textContent ?? "",
      pageTitle: document.title,
      plain: [...document.querySelectorAll(".not-a-link")].map((s) => s.textContent),
    }));
    for (const href of shown.hrefs) expect(["http:", "https:"], href).toContain(new URL(href).protocol);
    expect(shown.plain.sort()).toEqual(
      ["Read the notice at TED (EU)", ...HOSTILE_URLS.map((_, i) => `hostile-${i}.pdf`)].sort(),
    );
    expect(shown.hrefs).toContain("https://files.example.org/plan.pdf");
    expect(shown.title).toBe("Invoice⟨U+202E⟩fdp.exe");
    expect(shown.titleIsolated).toBe(true);
    expect(shown.pageTitle).toBe("Invoice⟨U+202E⟩fdp.exe — Tender search");
    expect(shown.main).not.toMatch(BIDI);
    expect(shown.main).toContain("City ⟨U+2067⟩gnp⟨U+2069⟩.exe");
    expect(shown.main).toContain("Lot⟨U+200F⟩ one⟨U+061C⟩.");
    expect(shown.main).toContain("plan⟨U+202E⟩fdp.exe");
    expect(problems).toEqual({ csp: [], errors: [] });
    await page.close();
  }, 90_000);
});
