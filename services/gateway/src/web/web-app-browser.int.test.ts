// Code passed to page.evaluate runs in the browser: it is typed against the DOM.
/// <reference lib="dom" />
import { AiDependencyError, type AiProvider, createFakeProvider } from "@tender/ai";
import { NOT_ENOUGH_DATA_ANSWER } from "@tender/contracts";
import { createApiKey, markAttachmentReady } from "@tender/db";
import { insertMatch, seedTender } from "@tender/testing";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  DESKTOP,
  expectAccessible,
  PHONE,
  saveScreenshot,
  WAIT,
  watchPageErrors,
} from "../testing/browser.js";
import { awaitFreshMinute } from "../testing/fresh-minute.js";
import { useWebApp } from "../testing/use-web-app.js";

// The web app in Debian's Chromium against the real gateway, database and the fake provider
// (streaming word by word, slowly enough to watch the answer grow).
const ids: Record<string, string> = {};
const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

const web = useWebApp({
  deps: { ai: createFakeProvider({ wordDelayMs: 40 }) },
  seed: async (db) => {
    const leeds = await seedTender(db, {
      source: "contracts_finder",
      title: "Resurfacing of the A64 ring road in Leeds",
      description: "Asphalt resurfacing of the ring road in three lots, with night closures.",
      buyer_name: "Leeds City Council",
      amount: "2400000.00",
      currency: "GBP",
      published_at: inDays(-3),
      deadline: inDays(12.5),
      countries: ["GB"],
      cpv_codes: ["45233141", "45233142"],
      attachments: ["specification.pdf", "drawings.zip"],
      chunks: [
        "Resurfacing of asphalt roads in Leeds in three lots.",
        {
          content: "Asphalt roads of lot two: the ring road, with night closures.",
          attachment: "specification.pdf",
        },
      ],
    });
    ids.leeds = leeds.id;
    const spec = leeds.attachmentIds.get("specification.pdf") as string;
    await markAttachmentReady(db, spec, {
      localPath: `${leeds.id}/${spec}`,
      sizeBytes: 190_838,
      sha256: "a".repeat(64),
    });
    ids.lyon = (
      await seedTender(db, {
        title: "Repair of roads and pavements in Lyon",
        buyer_name: "Métropole de Lyon",
        amount: "900000.00",
        currency: "EUR",
        published_at: inDays(-5),
        deadline: inDays(30.5),
        countries: ["FR"],
        cpv_codes: ["45233142"],
        chunks: ["Repair of asphalt roads and pavements in Lyon."],
      })
    ).id;
    ids.tartu = (
      await seedTender(db, {
        title: "Inspection of bridges in Tartu",
        published_at: inDays(-8),
        deadline: inDays(20.5),
        countries: ["EE"],
        cpv_codes: ["71631450"],
        chunks: ["Inspection of bridges in Tartu."],
      })
    ).id;
    // Enough tenders for a second page when browsing.
    for (let i = 1; i <= 20; i += 1) {
      await seedTender(db, {
        title: `Office supplies, lot ${i}`,
        buyer_name: "Bundesamt für Beschaffung",
        published_at: inDays(-10 - i),
        deadline: null,
        countries: ["DE"],
        cpv_codes: ["30192000"],
      });
    }
  },
});

/** A page signed in with `apiKey` (kept in sessionStorage, as the key prompt does). */
const signedIn = (apiKey: string, viewport = DESKTOP): Promise<Page> =>
  web.signedIn({ key: apiKey, viewport });

describe("the web app in a real browser", () => {
  it("key → search → filter by country → tender → streamed answer with citations → save the search", async () => {
    const page = await web.browser.newPage();
    const problems = watchPageErrors(page);
    await page.goto(`${web.base}/app/`);
    await page.getByRole("heading", { name: "Sign in with your API key" }).waitFor();
    await expectAccessible(page, "key prompt");
    await page.getByLabel("API key").fill(web.key);
    await page.keyboard.press("Enter");

    // Browsing first: no query yet, facet counts from /api/v1/facets.
    await page.getByRole("heading", { name: "All tenders" }).waitFor();
    await expect.poll(() => page.locator(".result-list > li").count(), WAIT).toBe(20);
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => page.locator(".result-list > li").count(), WAIT).toBe(23);
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);

    await page.getByLabel("Search tenders and their documents").fill("asphalt roads");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByRole("heading", { name: "Results" }).waitFor();
    const groups = page.locator(".tender-group");
    await expect.poll(() => groups.count(), WAIT).toBe(2);
    const titles = await groups.locator("h3").allTextContents();
    expect(titles.sort()).toEqual([
      "Repair of roads and pavements in Lyon",
      "Resurfacing of the A64 ring road in Leeds",
    ]);
    const leedsGroup = groups.filter({ hasText: "Leeds" });
    expect(await leedsGroup.textContent()).toContain("from the document specification.pdf");
    expect(await leedsGroup.textContent()).toMatch(/closes in 12 days/);
    expect(await leedsGroup.textContent()).toContain("£2,400,000.00");
    expect(new URL(page.url()).searchParams.get("q")).toBe("asphalt roads");

    // Filter by country: the URL holds it, the results follow.
    await page.getByRole("checkbox", { name: /^FR/ }).check();
    await expect.poll(() => new URL(page.url()).searchParams.getAll("country"), WAIT).toEqual(["FR"]);
    await expect.poll(() => groups.count(), WAIT).toBe(1);
    expect(await groups.locator("h3").textContent()).toBe("Repair of roads and pavements in Lyon");
    await expectAccessible(page, "search page");
    await saveScreenshot(page, "search-desktop");

    // The URL alone restores the search (bookmark, share), in a new page of the same tab session.
    const shared = page.url().replace("country=FR", "country=GB");
    await page.goto(shared);
    await expect.poll(() => groups.count(), WAIT).toBe(1);
    expect(await groups.locator("h3").textContent()).toBe("Resurfacing of the A64 ring road in Leeds");
    expect(await page.getByRole("checkbox", { name: /^GB/ }).isChecked()).toBe(true);

    // The tender page: card, attachments with their status, the notice.
    await groups.locator("h3 a").click();
    await page
      .getByRole("heading", { level: 1, name: "Resurfacing of the A64 ring road in Leeds" })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe(`/app/tenders/${ids.leeds}`);
    const documents = page.locator(".attachments li");
    expect(await documents.count()).toBe(2);
    expect(await documents.filter({ hasText: "specification.pdf" }).textContent()).toContain(
      "downloaded, searchable",
    );
    expect(await documents.filter({ hasText: "drawings.zip" }).textContent()).toContain(
      "waiting to be downloaded",
    );
    expect(
      await page.getByRole("link", { name: /Read the notice at Contracts Finder/ }).getAttribute("href"),
    ).toMatch(/^https:\/\/example\.org\/notices\//);
    await expectAccessible(page, "tender page");
    await saveScreenshot(page, "tender-desktop");

    // Ask about this tender: the answer grows while it streams, then its [n] link to the sources.
    await page.getByLabel("Your question").fill("What do the asphalt lots of the ring road cover?");
    await page.getByRole("button", { name: "Ask", exact: true }).click();
    const answer = page.getByTestId("answer");
    await answer.waitFor();
    expect(await page.getByRole("button", { name: "Stop" }).isVisible()).toBe(true);
    const partial = (await answer.textContent()) ?? "";
    await page.getByRole("button", { name: "Stop" }).waitFor({ state: "detached" });
    const whole = (await answer.textContent()) ?? "";
    expect(partial.length).toBeGreaterThan(0);
    expect(whole.length).toBeGreaterThan(partial.length);
    expect(whole.startsWith(partial)).toBe(true);
    const sources = page.getByTestId("source");
    expect(await sources.count()).toBe(2);
    const cites = answer.locator("a.cite");
    expect(await cites.count()).toBeGreaterThanOrEqual(2);
    const second = cites.filter({ hasText: "[2]" }).first();
    await second.click();
    await expect.poll(() => sources.nth(1).getAttribute("class"), WAIT).toBe("highlighted");
    expect(await sources.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await sources.nth(0).getAttribute("class")).toBeNull();
    await expectAccessible(page, "Ask panel");
    await saveScreenshot(page.locator(".ask-card"), "ask-desktop");

    // Save the search (back to it), then see it with its feed and a match.
    await page.getByRole("link", { name: "← Back to the search" }).click();
    await page.getByRole("heading", { name: "Results" }).waitFor();
    expect(new URL(page.url()).searchParams.get("country")).toBe("GB");
    await page.getByRole("button", { name: "Save this search" }).click();
    await page.getByLabel("Name of the saved search").fill("Asphalt in the UK");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByTestId("saved").waitFor();
    // The feed URL to copy, at once.
    const feedPattern = new RegExp(`^${web.base}/api/v1/feeds/[A-Za-z0-9_-]{43}$`);
    const firstFeed = await page.getByLabel(/^Feed URL/).inputValue();
    expect(firstFeed).toMatch(feedPattern);
    expect((await fetch(firstFeed)).status).toBe(200);
    const saved = await web.db
      .selectFrom("saved_searches")
      .select(["id", "query", "filters"])
      .executeTakeFirstOrThrow();
    expect(saved.query).toBe("asphalt roads");
    expect(saved.filters).toEqual({ countries: ["GB"] });
    await insertMatch(web.db, saved.id, ids.leeds as string, {
      matchedAt: new Date().toISOString(),
      score: 0.61,
    });
    await page.getByRole("link", { name: "your saved searches" }).click();
    await page.getByRole("heading", { level: 2, name: "Asphalt in the UK" }).waitFor();
    expect(await page.getByLabel(/^Feed URL/).inputValue()).toBe(firstFeed);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Make a new feed URL" }).click();
    await expect.poll(() => page.getByLabel(/^Feed URL/).inputValue(), WAIT).not.toBe(firstFeed);
    const renewed = await page.getByLabel(/^Feed URL/).inputValue();
    expect(renewed).toMatch(feedPattern);
    expect(renewed).not.toBe(firstFeed);
    expect((await fetch(firstFeed)).status).toBe(404);
    await page.locator(".matches li").first().waitFor();
    expect(await page.locator(".matches").textContent()).toContain(
      "Resurfacing of the A64 ring road in Leeds",
    );
    await expectAccessible(page, "saved searches");
    await saveScreenshot(page, "saved-desktop");

    // Run it again from the list, then delete it.
    await page.getByRole("link", { name: "Run this search" }).click();
    await expect.poll(() => groups.count(), WAIT).toBe(1);
    expect(new URL(page.url()).searchParams.getAll("country")).toEqual(["GB"]);
    await page.getByRole("link", { name: "Saved searches" }).click();
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByText("No saved search yet.").waitFor();
    expect(await web.db.selectFrom("saved_searches").select("id").execute()).toEqual([]);

    // The key lives in this tab's sessionStorage only: no cookie, nothing in localStorage.
    expect(await page.evaluate(() => sessionStorage.getItem("tender-api-key"))).toBe(web.key);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(await page.context().cookies()).toEqual([]);
    await page.getByRole("button", { name: "Forget key" }).click();
    await page.getByLabel("API key").waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    expect(problems).toEqual({ csp: [], errors: [] });
    await page.close();
  }, 180_000);

  it("a wrong key returns to the key prompt with the API's message", async () => {
    const page = await web.browser.newPage();
    await page.goto(`${web.base}/app/`);
    await page.getByLabel("API key").fill("tsk_not-a-real-key");
    await page.getByRole("button", { name: "Use this key" }).click();
    const refused = page.getByTestId("key-refused");
    await refused.waitFor();
    expect(await refused.textContent()).toContain("The API key is not valid.");
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await expectAccessible(page, "refused key");
    await page.close();
  }, 90_000);

  it("keyboard only: reach the query box, search, open a result, with the focus visible", async () => {
    const page = await signedIn(web.key);
    const focused = () => page.evaluate(() => document.activeElement?.id ?? "");
    for (let i = 0; i < 12 && (await focused()) !== "query"; i += 1) await page.keyboard.press("Tab");
    expect(await focused()).toBe("query");
    expect(
      await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle),
    ).not.toBe("none");
    await page.keyboard.type("bridges Tartu");
    await page.keyboard.press("Enter");
    await page.locator(".tender-group").first().waitFor();
    const isResultLink = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest(".tender-group h3 a")));
    for (let i = 0; i < 60 && !(await isResultLink()); i += 1) await page.keyboard.press("Tab");
    expect(await isResultLink()).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)).toBe(
      "solid",
    );
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Inspection of bridges in Tartu" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/app/tenders/${ids.tartu}`);
    await page.close();
  }, 90_000);

  it("429: the retry time counts down from Retry-After, and the retry waits for it", async () => {
    const limited = (await createApiKey(web.db, { name: "web-429", limitPerMinute: 3 })).key;
    await awaitFreshMinute(web.db);
    // Browsing costs two requests (tenders and facets); the search makes the third and fourth.
    const page = await signedIn(limited);
    await page.getByLabel("Search tenders and their documents").fill("asphalt roads");
    await page.keyboard.press("Enter");
    const notice = page.getByTestId("rate-limited").first();
    await notice.waitFor();
    const first = Number(await notice.getByTestId("retry-seconds").textContent());
    expect(first).toBeGreaterThan(2);
    expect(first).toBeLessThanOrEqual(60);
    expect(await notice.getByRole("button", { name: "Try again" }).isDisabled()).toBe(true);
    await page.waitForTimeout(2_200);
    const later = Number(await notice.getByTestId("retry-seconds").textContent());
    expect(later).toBeLessThan(first);
    expect(later).toBeGreaterThanOrEqual(first - 3);
    await expectAccessible(page, "429 notice");
    await page.close();
  }, 90_000);

  it("nothing relevant: the fixed sentence, shown as no answer", async () => {
    const page = await signedIn(web.key);
    await page.goto(`${web.base}/app/tenders/${ids.lyon}`);
    await page.getByLabel("Your question").fill("school catering menus");
    await page.getByRole("button", { name: "Ask", exact: true }).click();
    const none = page.getByTestId("no-answer");
    await none.waitFor();
    expect(await none.locator(".fixed-sentence").textContent()).toBe(NOT_ENOUGH_DATA_ANSWER);
    expect(await page.getByTestId("source").count()).toBe(0);
    await page.close();
  }, 90_000);

  it("Stop cancels the answer being streamed, down to the model call", async () => {
    // A model that says one word, then holds the stream open until its call is cancelled.
    let cancelled = false;
    const fake = createFakeProvider();
    const holding: AiProvider = {
      ...fake,
      async *generateStream(_prompt, opts) {
        yield "Repair ";
        await new Promise<void>((resolve) => {
          opts?.signal?.addEventListener("abort", () => resolve(), { once: true });
        });
        cancelled = true;
        opts?.signal?.throwIfAborted();
      },
    };
    const held = await web.serve({ ai: holding });
    try {
      const page = await web.browser.newPage();
      await page.goto(`http://127.0.0.1:${held.port}/app/tenders/${ids.lyon}`);
      await page.getByLabel("API key").fill(web.key);
      await page.getByRole("button", { name: "Use this key" }).click();
      await page.getByLabel("Your question").fill("repair of asphalt roads and pavements");
      await page.getByRole("button", { name: "Ask", exact: true }).click();
      await expect.poll(() => page.getByTestId("answer").textContent(), WAIT).toBe("Repair ");
      await page.getByRole("button", { name: "Stop" }).click();
      await page.getByText("Stopped.").waitFor();
      await expect.poll(() => cancelled, WAIT).toBe(true);
      expect(await page.getByRole("button", { name: "Ask", exact: true }).isEnabled()).toBe(true);
      expect(await page.getByTestId("answer").textContent()).toBe("Repair ");
      await page.close();
    } finally {
      await held.close(1_000);
    }
  }, 90_000);

  it("a stream cut before its end is shown as cut off, with what arrived", async () => {
    const page = await signedIn(web.key);
    // The network edge: the connection ends after the first words.
    await page.route("**/api/v1/ask", (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/event-stream; charset=utf-8",
        body: 'event: sources\ndata: {"sources":[]}\n\nevent: delta\ndata: {"text":"Repair of "}\n\n',
      }),
    );
    await page.goto(`${web.base}/app/tenders/${ids.lyon}`);
    await page.getByLabel("Your question").fill("roads");
    await page.getByRole("button", { name: "Ask", exact: true }).click();
    await page.getByTestId("dropped").waitFor();
    expect(await page.getByTestId("answer").textContent()).toBe("Repair of ");
    await page.close();
  }, 90_000);

  it("503: a provider that is down gives a clear message, and browsing still works", async () => {
    const down: AiProvider = {
      ...createFakeProvider(),
      async embed() {
        throw new AiDependencyError("http", "connection refused", 503);
      },
    };
    const broken = await web.serve({ ai: down });
    try {
      const page = await web.browser.newPage();
      await page.goto(`http://127.0.0.1:${broken.port}/app/?q=asphalt`);
      await page.getByLabel("API key").fill(web.key);
      await page.getByRole("button", { name: "Use this key" }).click();
      const failure = page.getByTestId("failure");
      await failure.waitFor();
      expect(await failure.getAttribute("data-status")).toBe("503");
      expect(await failure.textContent()).toContain("The service is unavailable right now");
      await page.getByRole("checkbox", { name: /^GB/ }).waitFor();
      await page.close();
    } finally {
      await broken.close(1_000);
    }
  }, 90_000);

  it("is readable at 360 px: no sideways scrolling on the search, tender and Ask pages", async () => {
    const page = await signedIn(web.key, PHONE);
    const noOverflow = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await page.goto(`${web.base}/app/?q=asphalt+roads`);
    await page.locator(".tender-group").first().waitFor();
    expect(await noOverflow()).toBe(true);
    await expectAccessible(page, "search page at 360 px");
    await saveScreenshot(page, "search-mobile");
    // Ask about the results (the query and filters of the page) works at this width too.
    await page.getByText("Ask about these results").click();
    await page.getByRole("button", { name: "Ask", exact: true }).click();
    await page.locator(".ask-results").getByTestId("answer").locator("a.cite").first().waitFor();
    expect(await noOverflow()).toBe(true);
    await page.goto(`${web.base}/app/tenders/${ids.leeds}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await noOverflow()).toBe(true);
    await saveScreenshot(page, "tender-mobile");
    await page.getByLabel("Your question").fill("asphalt of the ring road");
    await page.getByRole("button", { name: "Ask", exact: true }).click();
    await page.getByRole("button", { name: "Stop" }).waitFor({ state: "detached" });
    await page.getByTestId("answer").waitFor();
    expect(await noOverflow()).toBe(true);
    await expectAccessible(page, "Ask panel at 360 px");
    await saveScreenshot(page.locator(".ask-card"), "ask-mobile");
    await page.close();
  }, 90_000);
});
