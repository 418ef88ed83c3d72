// Code passed to page.evaluate runs in the browser: it is typed against the DOM.
/// <reference lib="dom" />
import { type NoticeAwards, type NoticeParty, storeNoticeAwards } from "@tender/ingest";
import { seedTender } from "@tender/testing";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, PHONE, saveScreenshot, WAIT, watchPageErrors } from "../testing/browser.js";
import { useWebApp } from "../testing/use-web-app.js";

// Similar past contracts in Chromium. The incumbent is the real Malta result notice 380868-2026 of
// the lifecycle data set (Department of Contracts → Mint Health Limited, 239,689.54 EUR, 11 tenders),
// stored as ingest stores its awards (`storeNoticeAwards`); five fictional awards of other buyers
// in the same CPV class make the summary speak; the tender is the buyer's new call for competition.
const ids: Record<string, string> = {};
const TEXT = "Supply of Ustekinumab solution for injection to the public hospitals";
const MALTA: NoticeParty = { name: "Department of Contracts", identifier: null, scheme: null, country: "MT" };
const MINT: NoticeParty = { name: "Mint Health Limited", identifier: "C55603", scheme: null, country: "MT" };

const awardOf = (winner: NoticeParty, value: string, tenders: number): NoticeAwards["awards"][number] => ({
  lot: "LOT-0001",
  status: "awarded",
  winners: [winner],
  value,
  currency: "EUR",
  decidedAt: "2026-06-02",
  contractSignedAt: "2026-05-20",
  contractEnd: "2028-05-19",
  tendersReceived: tenders,
  framework: null,
});

async function seedResult(
  name: string,
  title: string,
  buyer: NoticeParty,
  award: NoticeAwards["awards"][number],
) {
  const { id } = await seedTender(web.db, {
    externalId: name,
    title,
    buyer_name: buyer.name ?? "Buyer",
    countries: [buyer.country ?? "MT"],
    cpv_codes: ["33651000"],
    chunks: [`${title}. ${TEXT}`],
    procedure: { key: name, kind: "result" },
    published_at: "2026-06-10T00:00:00.000Z",
  });
  await web.db
    .transaction()
    .execute((trx) => storeNoticeAwards(trx, id, { buyer, awards: [award], unreadable: null }));
  ids[name] = id;
}

const web = useWebApp({
  seed: async (db) => {
    await seedResult(
      "380868-2026",
      "CT2377/2025 - Framework Contract for the supply of Ustekinumab 45mg Solution for Injection",
      MALTA,
      awardOf(MINT, "239689.54", 11),
    );
    for (let i = 1; i <= 5; i++) {
      const buyer = { name: `Hospital Trust ${i}`, identifier: null, scheme: null, country: "IE" };
      const winner = {
        name: i % 2 ? "Pharma One Ltd" : "MedSupply Ltd",
        identifier: null,
        scheme: null,
        country: "IE",
      };
      await seedResult(
        `GEN-${i}`,
        `Ustekinumab supply lot ${i}`,
        buyer,
        awardOf(winner, `${100000 * i}.00`, i),
      );
    }
    const buyer = await db
      .selectFrom("organisations")
      .select("id")
      .where("name", "=", "Department of Contracts")
      .executeTakeFirstOrThrow();
    ids.mint = (
      await db
        .selectFrom("organisations")
        .select("id")
        .where("name", "=", "Mint Health Limited")
        .executeTakeFirstOrThrow()
    ).id;
    ids.tender = (
      await seedTender(db, {
        externalId: "CT2999/2026",
        title: "CT2999/2026 - Supply of Ustekinumab",
        buyer_name: "Department of Contracts",
        countries: ["MT"],
        cpv_codes: ["33651000"],
        chunks: [TEXT],
        procedure: { key: "CT2999", kind: "competition" },
        buyerOrganisationId: buyer.id,
      })
    ).id;
  },
});

const IRISH = "?q=Ustekinumab+solution+for+injection&country=IE&currency=EUR";
const IRISH_TITLES = [1, 2, 3, 4, 5].map((i) => `Ustekinumab supply lot ${i}`);
/** The award search's result titles, sorted: the five Irish awards score alike, so their order is not the point. */
const irishTitles = (page: Page) =>
  page
    .locator("[data-testid=award-results] > li > a")
    .allTextContents()
    .then((titles) => titles.sort());

/** The summary above the list of the five Irish awards: EUR values 100,000 to 500,000, the winners counted. */
async function expectIrishSummary(page: Page) {
  const summary = page.getByTestId("similar-summary");
  await expect
    .poll(() => summary.textContent(), WAIT)
    .toMatch(/From the 5 most similar award notices \(5 awards\)/);
  expect(await page.locator(".summary-table tbody tr").allTextContents()).toEqual([
    "ContractsEUR5€100,000.00€200,000.00€300,000.00€400,000.00€500,000.00",
  ]);
  expect(await summary.textContent()).toContain("Median tenders received 3 (5 awards)");
  expect(await summary.locator("ol").first().locator("li").allTextContents()).toEqual([
    "Pharma One Ltd — 3 awards · €900,000.00",
    "MedSupply Ltd — 2 awards · €600,000.00",
  ]);
  // Above the list.
  const above = await page.evaluate(() => {
    const summary = document.querySelector("[data-testid=similar-summary]");
    const list = document.querySelector("[data-testid=award-results]");
    return Boolean(
      summary && list && summary.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
  expect(above).toBe(true);
}

describe("similar past contracts in the web app", () => {
  it("the tender page shows the summary, the incumbent and the similar contracts, linked to notices and winners", async () => {
    const page = await web.signedIn();
    const problems = watchPageErrors(page);
    await page.goto(`${web.base}/app/tenders/${ids.tender}`);
    await page.getByRole("heading", { name: "Similar past contracts" }).waitFor(WAIT);
    await page.getByTestId("similar-list").waitFor(WAIT);
    await page.getByTestId("similar-summary").waitFor(WAIT);
    const row = await page.locator(".summary-table tbody tr").first().textContent();
    expect(row).toContain("EUR");
    expect(row).toContain("6");
    const incumbent = page.getByTestId("incumbent");
    const notice = incumbent.getByRole("link", { name: /CT2377\/2025/ });
    expect(await notice.getAttribute("href")).toBe(`/app/tenders/${ids["380868-2026"]}`);
    const winner = incumbent.getByRole("link", { name: "Mint Health Limited" });
    expect(await winner.getAttribute("href")).toMatch(/^\/app\/organisations\/[0-9a-f-]{36}$/);
    expect(await incumbent.textContent()).toMatch(/tenders received 11 · ends 19 May 2028/);
    expect(await page.getByTestId("similar-item").count()).toBe(7);
    await expectAccessible(page);
    await saveScreenshot(page.getByTestId("similar-section"), "tender-similar-contracts");

    // The winner's page: who else wins contracts like its own.
    await winner.click();
    await page.getByRole("heading", { name: "Competes with" }).waitFor(WAIT);
    await page.locator(".competitors li").first().waitFor(WAIT);
    expect(await page.locator(".competitors li").allTextContents()).toEqual([
      "Pharma One Ltd 3 awards · CPV 3365",
      "MedSupply Ltd 2 awards · CPV 3365",
    ]);
    await expectAccessible(page);
    expect(problems).toEqual({ csp: [], errors: [] });
  });

  it("award search finds the awards of a description, with country and currency filters, winners linked", async () => {
    const page = await web.signedIn();
    const problems = watchPageErrors(page);
    await page.getByRole("link", { name: "Award search" }).click();
    await page.getByRole("heading", { name: "Award search" }).waitFor(WAIT);
    await page.getByLabel("What is bought").fill("Ustekinumab solution for injection");
    await page.getByLabel("Country").fill("MT");
    await page.getByRole("button", { name: "Search awards" }).click();
    await page.getByTestId("award-results").waitFor(WAIT);
    const titles = await page.locator("[data-testid=award-results] > li > a").allTextContents();
    expect(titles).toEqual([
      "CT2377/2025 - Framework Contract for the supply of Ustekinumab 45mg Solution for Injection",
    ]);
    expect(new URL(page.url()).search).toBe("?q=Ustekinumab+solution+for+injection&country=MT");
    const results = page.getByTestId("award-results");
    expect(await results.getByRole("link", { name: "Mint Health Limited" }).getAttribute("href")).toBe(
      `/app/organisations/${ids.mint}`,
    );
    expect(await results.textContent()).toContain("€239,689.54 · tenders received 11 · ends 19 May 2028");
    // One contract: the summary says why it states nothing.
    expect(await page.getByTestId("similar-summary").textContent()).toMatch(/Too few similar contracts \(1,/);

    // Another country and a currency: the five Irish awards, the Maltese one filtered out.
    await page.getByLabel("Country").fill("IE");
    await page.getByLabel("Currency").fill("EUR");
    await page.getByRole("button", { name: "Search awards" }).click();
    await expect.poll(() => new URL(page.url()).search, WAIT).toBe(IRISH);
    await expect.poll(() => irishTitles(page), WAIT).toEqual(IRISH_TITLES);
    expect(await results.getByRole("link", { name: "Pharma One Ltd" }).first().getAttribute("href")).toMatch(
      /^\/app\/organisations\/[0-9a-f-]{36}$/,
    );
    await expectIrishSummary(page);
    await expectAccessible(page);
    await saveScreenshot(page, "award-search-desktop");
    expect(problems).toEqual({ csp: [], errors: [] });
    await page.close();
  });

  it("award search at 360 px: the same results, no sideways scrolling", async () => {
    const page = await web.signedIn({ viewport: PHONE });
    const problems = watchPageErrors(page);
    await page.goto(`${web.base}/app/awards${IRISH}`);
    await page.getByTestId("award-results").waitFor(WAIT);
    expect(await page.getByLabel("Currency").inputValue()).toBe("EUR");
    await expect.poll(() => irishTitles(page), WAIT).toEqual(IRISH_TITLES);
    await expectIrishSummary(page);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      "no sideways scrolling at 360 px",
    ).toBe(true);
    await expectAccessible(page);
    await saveScreenshot(page, "award-search-mobile");
    expect(problems).toEqual({ csp: [], errors: [] });
    await page.close();
  });
});
