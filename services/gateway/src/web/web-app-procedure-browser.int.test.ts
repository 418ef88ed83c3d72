// Code passed to page.evaluate runs in the browser: it is typed against the DOM.
/// <reference lib="dom" />
import { ensureSource } from "@tender/db";
import { linkTenderProcedure, type NoticeProcedure } from "@tender/ingest";
import { insertMatch, type SeedTenderOptions, seedSavedSearch, seedTender } from "@tender/testing";
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
import { useWebApp } from "../testing/use-web-app.js";

// A procedure's story in Chromium: the real TED pair 657981-2026 → 674231-2026 (the change moves
// the deadline from 29 Oct to 4 Nov 2026 and adds a document), then a result, linked as ingest
// links them (`linkTenderProcedure`), beside a tender of its own and a procedure of hostile text.
const ids: Record<string, string> = {};
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const QUERY = "security event monitoring";
// The fields of the real pair (buyer, value, CPV, place); the payload has no title, this one is ours.
const TED_PAIR = {
  source: "ted",
  title: "Security information and event management system",
  buyer_name: "Středisko společných činností AV ČR, v. v. i.",
  amount: "5300000.00",
  currency: "CZK",
  countries: ["CZ"],
  cpv_codes: ["48730000", "72268000"],
  description:
    "A security information and event management (SIEM) system: licences, installation and five years of support.",
  chunks: ["Security event monitoring for the institutes: licences, installation and support."],
} satisfies SeedTenderOptions;
const DOCS = "https://files.example.org/zakazka";

/** Seeds a notice and links it into its procedure as ingest does, in one transaction. */
async function seedNotice(options: SeedTenderOptions, procedure: NoticeProcedure): Promise<string> {
  const { id } = await seedTender(web.db, options);
  const sourceId = (await ensureSource(web.db, options.source ?? "ted")).id;
  await web.db
    .transaction()
    .execute((trx) => linkTenderProcedure(trx, { sourceId, tenderId: id, procedure, force: false }));
  return id;
}

const web = useWebApp({
  seed: async (db) => {
    const pair = "f08aa593-61f7-418e-90ec-043a09cc23b1";
    // The change first, as two sync pages can deliver them: linking ends in the same state.
    ids.change = await seedNotice(
      {
        ...TED_PAIR,
        externalId: "674231-2026",
        published_at: "2026-10-01T00:00:00.000Z",
        deadline: "2026-11-04T09:00:00.000Z",
        attachments: [
          { filename: "tender-documentation.pdf", sourceUrl: `${DOCS}/tender-documentation.pdf` },
          { filename: "clarifications-1.pdf", sourceUrl: `${DOCS}/clarifications-1.pdf` },
        ],
      },
      { key: pair, kind: "change", supersedes: "657981-2026" },
    );
    ids.competition = await seedNotice(
      {
        ...TED_PAIR,
        externalId: "657981-2026",
        published_at: "2026-09-24T00:00:00.000Z",
        deadline: "2026-10-29T09:00:00.000Z",
        attachments: [
          { filename: "tender-documentation.pdf", sourceUrl: `${DOCS}/tender-documentation.pdf` },
        ],
      },
      { key: pair, kind: "competition", supersedes: null },
    );
    ids.result = await seedNotice(
      {
        ...TED_PAIR,
        externalId: "712345-2026",
        published_at: "2026-11-20T00:00:00.000Z",
        deadline: null,
        amount: "4980000.00",
        chunks: [],
      },
      { key: pair, kind: "result", supersedes: null },
    );
    ids.alone = await seedNotice(
      {
        title: "Cleaning of the town hall in Brno",
        published_at: "2026-11-10T00:00:00.000Z",
        countries: ["CZ"],
      },
      { key: "brno-cleaning", kind: "competition", supersedes: null },
    );
    // Hostile text: titles with bidirectional overrides, one very long word, a document name likewise.
    const hostileTitle = `Invoice\u202Efdp.exe ${"Ä".repeat(600)}`;
    ids.hostileFirst = await seedNotice(
      { externalId: "H-1", title: hostileTitle, published_at: "2026-08-01T00:00:00.000Z" },
      { key: "hostile", kind: "competition", supersedes: null },
    );
    ids.hostileChange = await seedNotice(
      {
        externalId: "H-2",
        title: `${hostileTitle} \u2067v2\u2069`,
        published_at: "2026-08-02T00:00:00.000Z",
        attachments: [
          { filename: "plan\u202Efdp.exe", sourceUrl: "https://files.example.org/hostile/plan.pdf" },
        ],
      },
      { key: "hostile", kind: "change", supersedes: "H-1" },
    );
    // A saved search that matched the call for competition before the change replaced it.
    const saved = await seedSavedSearch(db, { apiKeyId: web.apiKeyId, name: "SIEM tenders", query: QUERY });
    await insertMatch(db, saved.id, ids.competition as string, { matchedAt: "2026-09-24T06:00:00.000Z" });
  },
});

const signedIn = (viewport = DESKTOP): Promise<Page> => web.signedIn({ viewport });

/** The tender ids a result list links to, in its order. */
function listedIds(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(`${selector} h3 a`)
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname.split("/").pop() ?? ""));
}

describe("a procedure's story in the web app", () => {
  it("the tender page: the timeline, the replaced notice struck through with its link, each notice's page, a replaced saved-search match", async () => {
    const page = await signedIn();
    const problems = watchPageErrors(page);
    await page.goto(`${web.base}/app/tenders/${ids.competition}`);
    await page.getByRole("heading", { name: "Procedure timeline" }).waitFor(WAIT);

    // Said first: a later notice replaced this one, with its link.
    const note = page.locator(".replaced-note");
    expect(await note.textContent()).toBe(
      "A later notice replaced this one. Read the latest version, notice 674231-2026 (Change, 1 Oct 2026)",
    );
    expect(await note.getByRole("link").getAttribute("href")).toBe(`/app/tenders/${ids.change}`);
    expect(await page.locator(".tender-page .card > p.small").first().textContent()).toContain(
      "TED (EU) · Call for competition · notice 657981-2026",
    );

    const items = page.locator(".timeline-item");
    expect(await items.count()).toBe(3);
    const timelineTexts = () =>
      items.evaluateAll((lis) =>
        // Block by block (the head, the replacement, each change), as a screen reader reads them.
        lis.map((li) =>
          [...li.querySelectorAll(":scope > p, :scope > ul > li")]
            .map((block) => block.textContent?.replace(/\s+/g, " ").trim())
            .join(" | "),
        ),
      );
    // The card stands in until the procedure's answer, with the other notices' changes, arrives.
    await expect
      .poll(timelineTexts, WAIT)
      .toEqual([
        "Call for competition 24 Sept 2026 · notice 657981-2026 this page | Replaced by notice 674231-2026",
        "Change 1 Oct 2026 · notice 674231-2026 | Deadline from 29 Oct 2026 → to 4 Nov 2026 | " +
          "Documents added clarifications-1.pdf",
        "Result 20 Nov 2026 · notice 712345-2026",
      ]);
    // The replaced notice is struck through (and only it), links to what replaced it, and is this page.
    const struck = await items.evaluateAll((lis) =>
      lis.map((li) => {
        const s = li.querySelector(".timeline-head s");
        return s ? getComputedStyle(s).textDecorationLine : null;
      }),
    );
    expect(struck).toEqual(["line-through", null, null]);
    expect(await items.nth(0).getAttribute("aria-current")).toBe("page");
    expect(await items.nth(0).locator(".replaced a").getAttribute("href")).toBe(`/app/tenders/${ids.change}`);
    expect(await items.nth(0).locator(".timeline-head a").count()).toBe(0);
    expect(await items.nth(2).locator(".timeline-head a").getAttribute("href")).toBe(
      `/app/tenders/${ids.result}`,
    );
    await expectAccessible(page, "tender page with a timeline");
    await saveScreenshot(page, "tender-timeline-desktop");

    // Each notice links to its own page, where it is the one marked; the change replaces nothing later.
    await items.nth(1).locator(".timeline-head a").click();
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe(`/app/tenders/${ids.change}`);
    await page.locator(".timeline-item.here").filter({ hasText: "674231-2026" }).waitFor(WAIT);
    expect(await page.locator(".replaced-note").count()).toBe(0);
    expect(await page.locator(".timeline-item[aria-current=page]").count()).toBe(1);

    // A saved search's match that a later notice replaced says so, with the link.
    await page.goto(`${web.base}/app/saved`);
    const match = page.locator(".matches li").filter({ hasText: "Security information" });
    await match.waitFor(WAIT);
    expect(await match.getByRole("link", { name: "Replaced by a later notice" }).getAttribute("href")).toBe(
      `/app/tenders/${ids.change}`,
    );

    // A procedure of one notice has no story to tell: no timeline.
    await page.goto(`${web.base}/app/tenders/${ids.alone}`);
    await page.getByRole("heading", { level: 1, name: "Cleaning of the town hall in Brno" }).waitFor(WAIT);
    expect(await page.locator(".timeline").count()).toBe(0);
    expect(await page.locator(".replaced-note").count()).toBe(0);
    expect(problems).toEqual({ csp: [], errors: [] });
    await page.close();
  }, 90_000);

  it("browse and search mark replaced notices and kinds; Latest only and the kind filter change the results", async () => {
    const page = await signedIn();
    const problems = watchPageErrors(page);
    await expect.poll(() => listedIds(page, ".result-list"), WAIT).toHaveLength(6);
    const everything = await listedIds(page, ".result-list");
    expect(everything).toContain(ids.competition);

    // The replaced call for competition: marked, with the link to its change; the kinds that are not calls, named.
    const card = (id: string) =>
      page.locator(".result-list > li").filter({ has: page.locator(`h3 a[href$="${id}"]`) });
    expect(
      await card(ids.competition as string)
        .locator(".notice-place")
        .textContent(),
    ).toBe("Replaced by a later notice");
    expect(
      await card(ids.competition as string)
        .getByRole("link", { name: "Replaced by a later notice" })
        .getAttribute("href"),
    ).toBe(`/app/tenders/${ids.change}`);
    expect(
      await card(ids.change as string)
        .locator(".notice-place")
        .textContent(),
    ).toBe("Change");
    expect(
      await card(ids.result as string)
        .locator(".notice-place")
        .textContent(),
    ).toBe("Result");
    expect(
      await card(ids.alone as string)
        .locator(".notice-place")
        .count(),
    ).toBe(0);

    // The kind facet counts notices per kind, in a procedure's order.
    const kinds = page.getByRole("group", { name: "Notice kind" });
    await expect
      .poll(() => kinds.locator("label").allTextContents(), WAIT)
      .toEqual(["Call for competition3", "Change2", "Result1"]);
    await expectAccessible(page, "browse with notice kinds");

    // Latest only: in the URL, and the replaced notices leave the list.
    await page.getByLabel("Latest only").check();
    await expect.poll(() => new URL(page.url()).searchParams.get("current"), WAIT).toBe("true");
    await expect.poll(() => listedIds(page, ".result-list"), WAIT).toHaveLength(4);
    const latest = await listedIds(page, ".result-list");
    expect(latest).not.toContain(ids.competition);
    expect(latest).not.toContain(ids.hostileFirst);
    expect(latest.sort()).toEqual(
      everything.filter((id) => id !== ids.competition && id !== ids.hostileFirst).sort(),
    );
    expect(await page.locator(".replaced-link").count()).toBe(0);

    // A kind as a filter, with Latest only kept.
    await kinds.getByRole("checkbox", { name: /^Result/ }).check();
    await expect.poll(() => new URL(page.url()).searchParams.getAll("kind"), WAIT).toEqual(["result"]);
    await expect.poll(() => listedIds(page, ".result-list"), WAIT).toEqual([ids.result]);
    expect(new URL(page.url()).searchParams.get("current")).toBe("true");

    // Search: the replaced notice is marked among the results, and Latest only leaves it out.
    await page.goto(`${web.base}/app/?q=${encodeURIComponent(QUERY)}`);
    const groups = ".tender-group";
    await expect
      .poll(() => listedIds(page, groups).then((l) => l.sort()), WAIT)
      .toEqual([ids.competition, ids.change].sort());
    const replaced = page.locator(groups).filter({ has: page.locator(`h3 a[href$="${ids.competition}"]`) });
    expect(
      await replaced.getByRole("link", { name: "Replaced by a later notice" }).getAttribute("href"),
    ).toBe(`/app/tenders/${ids.change}`);
    expect(await page.getByLabel("Latest only").isChecked()).toBe(false);
    await saveScreenshot(page, "search-procedures-desktop");
    await page.getByLabel("Latest only").check();
    await expect.poll(() => listedIds(page, groups), WAIT).toEqual([ids.change]);
    expect(new URL(page.url()).searchParams.get("q")).toBe(QUERY);
    await expectAccessible(page, "search with Latest only");
    expect(problems).toEqual({ csp: [], errors: [] });
    await page.close();
  }, 90_000);

  it("hostile titles and document names in a timeline: controls shown as markers, no sideways scrolling at 360 px", async () => {
    const page = await signedIn(PHONE);
    const problems = watchPageErrors(page);
    await page.goto(`${web.base}/app/tenders/${ids.hostileFirst}`);
    await page.getByRole("heading", { name: "Procedure timeline" }).waitFor(WAIT);
    // The card stands in until the procedure's answer, which carries the other notices' changes, arrives.
    const timelineText = async () => (await page.locator(".timeline").textContent()) ?? "";
    await expect.poll(timelineText, WAIT).toContain("Title from Invoice⟨U+202E⟩fdp.exe");
    const timeline = await timelineText();
    expect(timeline).not.toMatch(BIDI);
    expect(timeline).toContain("⟨U+2067⟩v2⟨U+2069⟩");
    expect(timeline).toContain("Documents added plan⟨U+202E⟩fdp.exe");
    expect(await page.locator(".changes bdi").count()).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page, "hostile timeline at 360 px");

    await page.goto(`${web.base}/app/tenders/${ids.competition}`);
    await page.getByRole("heading", { name: "Procedure timeline" }).waitFor(WAIT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await saveScreenshot(page, "tender-timeline-mobile");
    expect(problems).toEqual({ csp: [], errors: [] });
    await page.close();
  }, 90_000);
});
