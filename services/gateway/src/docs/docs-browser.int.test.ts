import { createFakeProvider } from "@tender/ai";
import { createDb } from "@tender/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../create-app.js";
import { type ServedApp, serveApp } from "../server/serve-app.js";
import { launchTestBrowser, type TestBrowser, watchPageErrors } from "../testing/browser.js";
import { captureLogger, TEST_SERVER_TIMEOUTS, testConfig } from "../testing/test-deps.js";

// Swagger UI in Debian's Chromium, under the headers the gateway really sends.
// Never queried: the docs do not touch the database.
const db = createDb("postgres://postgres@127.0.0.1:1/unused", { max: 1 });
let browser: TestBrowser;
let served: ServedApp;

beforeAll(async () => {
  const app = createApp({
    db,
    ai: createFakeProvider(),
    config: testConfig(),
    logger: captureLogger().logger,
  });
  served = await serveApp(app, { port: 0, host: "127.0.0.1", timeouts: TEST_SERVER_TIMEOUTS });
  browser = await launchTestBrowser();
});
afterAll(async () => {
  await browser?.close();
  await served?.close(1_000);
  await db.destroy();
});

describe("the interactive docs in a browser", () => {
  it("render every operation under their Content-Security-Policy, with no violation", async () => {
    const page = await browser.newPage();
    const problems = watchPageErrors(page);
    const response = await page.goto(`http://127.0.0.1:${served.port}/docs`);
    expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    const operations = page.locator(".opblock-summary-path");
    await operations.first().waitFor({ timeout: 15_000 });
    const paths = await operations.allTextContents();
    expect(paths.map((p) => p.replace(/\u200b/g, ""))).toEqual(
      expect.arrayContaining(["/api/v1/search", "/api/v1/tenders/{id}", "/api/v1/feeds/{token}"]),
    );
    // Open one operation: its parameters and responses render too.
    await page.locator(".opblock-summary", { hasText: "/api/v1/search" }).first().click();
    await page.locator(".opblock-body .responses-table").first().waitFor({ timeout: 15_000 });
    expect(problems).toEqual({ csp: [], errors: [] });
  });
});
