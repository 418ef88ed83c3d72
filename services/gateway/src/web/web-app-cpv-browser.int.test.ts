// Code passed to page.evaluate runs in the browser: it is typed against the DOM.
/// <reference lib="dom" />
import { createApiKey } from "@tender/db";
import { createTestDatabase, seedTender, type TestDatabase } from "@tender/testing";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../create-app.js";
import { type ServedApp, serveApp } from "../server/serve-app.js";
import {
  launchTestBrowser,
  openSignedIn,
  saveScreenshot,
  seriousA11yViolations,
  type TestBrowser,
  watchPageErrors,
} from "../testing/browser.js";
import { TEST_SERVER_TIMEOUTS, testDeps } from "../testing/test-deps.js";

// The CPV vocabulary in the web app (Debian's Chromium, the real gateway and database): facets
// read labels, the filters' CPV picker suggests codes as one types, the tender shows its codes'
// labels, all in the browser's language.
let tdb: TestDatabase;
let browser: TestBrowser;
let served: ServedApp;
let base: string;
let key: string;
let roadsId: string;
const WAIT = { timeout: 15_000 };

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "web-cpv", limitPerMinute: 100_000 })).key;
  roadsId = (
    await seedTender(tdb.db, {
      title: "Maintenance of county roads",
      countries: ["IE"],
      cpv_codes: ["45233141", "71631450"],
      chunks: ["Maintenance of county roads."],
    })
  ).id;
  await seedTender(tdb.db, {
    title: "Accounting software licences",
    countries: ["FR"],
    cpv_codes: ["48443000"],
  });
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

const signedIn = (language?: string): Promise<Page> =>
  openSignedIn(browser, base, key, language ? { headers: { "Accept-Language": language } } : {});

describe("the CPV vocabulary in the web app", () => {
  it("facets read labels; the picker suggests codes by words, adds the chosen prefix and names it", async () => {
    const page = await signedIn();
    const problems = watchPageErrors(page);
    // The division's label, with its digits beside it, instead of a bare "45".
    const construction = page.getByRole("checkbox", { name: /Construction work\s*45/ });
    await construction.waitFor(WAIT);
    expect(
      await page.getByRole("checkbox", { name: /Software package and information systems/ }).count(),
    ).toBe(1);

    const picker = page.getByRole("combobox", { name: "CPV code or subject" });
    await picker.fill("road mainten");
    const option = page.getByRole("option", { name: /45233141 Road-maintenance works/ });
    await option.waitFor(WAIT);
    expect(await picker.getAttribute("aria-expanded")).toBe("true");
    expect(await seriousA11yViolations(page), "picker with its suggestions").toEqual([]);
    await saveScreenshot(page.locator(".filters"), "cpv-picker-desktop");

    // Keyboard: the arrows move through the suggestions (broader codes first); Enter adds the prefix.
    const labels = await page.getByRole("option").allTextContents();
    const index = labels.findIndex((text) => text.startsWith("45233141"));
    expect(index).toBeGreaterThanOrEqual(0);
    for (let i = 0; i <= index; i++) await picker.press("ArrowDown");
    expect(await picker.getAttribute("aria-activedescendant")).toBe(`cpv-option-${index}`);
    await picker.press("Enter");
    const chosen = () => new URL(page.url()).searchParams.getAll("cpv");
    await expect.poll(chosen, WAIT).toEqual(["45233141"]);
    expect(await picker.inputValue()).toBe("");
    await page.getByRole("checkbox", { name: /Road-maintenance works\s*45233141/ }).waitFor(WAIT);
    await page.getByRole("link", { name: "Maintenance of county roads" }).waitFor(WAIT);
    expect(await page.getByRole("link", { name: "Accounting software licences" }).count()).toBe(0);

    // A prefix typed as digits still works, and comes back labelled from the vocabulary.
    await picker.fill("4844");
    await picker.press("Enter");
    await expect.poll(chosen, WAIT).toEqual(["45233141", "4844"]);
    await page
      .getByRole("checkbox", { name: /Financial analysis and accounting software package\s*4844/ })
      .waitFor(WAIT);
    expect(problems).toEqual({ csp: [], errors: [] });
    await page.close();
  });

  it("speaks the browser's language: German labels in the facets, the picker and the tender", async () => {
    const page = await signedIn("de-DE,de;q=0.9,en;q=0.5");
    await page.getByRole("checkbox", { name: /Bauarbeiten\s*45/ }).waitFor(WAIT);
    const picker = page.getByRole("combobox", { name: "CPV code or subject" });
    await picker.fill("strassen");
    await page
      .getByRole("option", { name: /Straßen/ })
      .first()
      .waitFor(WAIT);
    await page.goto(`${base}/app/tenders/${roadsId}`);
    await page.getByText("45233141 Straßeninstandhaltungsarbeiten").waitFor(WAIT);
    await page.close();
  });
});
