// Code passed to page.evaluate runs in the browser: it is typed against the DOM.
/// <reference lib="dom" />
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { type BrowserContext, chromium, type Locator, type Page } from "playwright-core";

/** Debian's Chromium, installed by scripts/setup.sh. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/** Viewports of the screenshots and of the narrow-screen checks. */
export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 360, height: 780 };

/** A headless Chromium with a fresh profile, and how to close it (profile deleted). */
export interface TestBrowser {
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Starts Debian's Chromium headless, on a fresh profile, with nothing that talks to the network
 * by itself. A missing Chromium fails the test (it never skips): run scripts/setup.sh.
 */
export async function launchTestBrowser(): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}: run bash scripts/setup.sh (apt-get install chromium)`,
    );
  }
  const profile = await mkdtemp(join(tmpdir(), "tender-chromium-"));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: DESKTOP,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
    ],
  });
  // The first tab of a persistent context is closed: each test opens its own pages.
  for (const page of context.pages()) await page.close();
  return {
    async newPage(viewport = DESKTOP) {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      return page;
    },
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Collects what the page's console reports as refused by the Content-Security-Policy, and any
 * uncaught error: a test expects both lists empty.
 */
export function watchPageErrors(page: Page): { csp: string[]; errors: string[] } {
  const found = { csp: [] as string[], errors: [] as string[] };
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) found.csp.push(message.text());
  });
  page.on("pageerror", (error) => found.errors.push(error.message));
  return found;
}

let axeSource: Promise<string> | undefined;

/** One accessibility violation as axe-core reports it, trimmed to what a failure message needs. */
export interface A11yViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2 A and AA rules) on the page as it is now and returns the serious and
 * critical violations. axe is evaluated through the DevTools protocol, which the page's CSP
 * does not govern, so the page keeps its real headers.
 */
export async function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  await page.evaluate(await axeSource);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is the script evaluated above.
    const axe = (globalThis as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    });
    // biome-ignore lint/suspicious/noExplicitAny: axe's result shape.
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      // biome-ignore lint/suspicious/noExplicitAny: axe's node shape.
      targets: v.nodes.map((n: any) => String(n.target)),
    }));
  });
  return (violations as A11yViolation[]).filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** docs/screenshots/ of the repository, where the README's screenshots come from. */
export const SCREENSHOT_DIR = join(import.meta.dirname, "..", "..", "..", "..", "docs", "screenshots");

/**
 * Writes a screenshot of a whole page, or of one element, to docs/screenshots/<name>.png when
 * UPDATE_SCREENSHOTS=1, else to the system's temporary directory: a test run leaves the
 * repository as it found it (the PNGs differ in a few pixels from run to run).
 */
export async function saveScreenshot(target: Page | Locator, name: string): Promise<string> {
  const dir = process.env.UPDATE_SCREENSHOTS === "1" ? SCREENSHOT_DIR : join(tmpdir(), "tender-screenshots");
  const path = join(dir, `${name}.png`);
  await mkdir(dirname(path), { recursive: true });
  if ("goto" in target) await target.screenshot({ path, fullPage: true, animations: "disabled" });
  else await target.screenshot({ path, animations: "disabled" });
  return path;
}

/**
 * A new page of the web app at `base`, signed in with `key` as the key prompt does, once the
 * browse page shows; `headers` are sent with every request of the page (`Accept-Language`).
 */
export async function openSignedIn(
  browser: TestBrowser,
  base: string,
  key: string,
  options: { viewport?: { width: number; height: number }; headers?: Record<string, string> } = {},
): Promise<Page> {
  const page = await browser.newPage(options.viewport);
  if (options.headers) await page.setExtraHTTPHeaders(options.headers);
  await page.goto(`${base}/app/`);
  await page.getByLabel("API key").fill(key);
  await page.getByRole("button", { name: "Use this key" }).click();
  await page.getByRole("heading", { name: "All tenders" }).waitFor({ timeout: 15_000 });
  return page;
}
