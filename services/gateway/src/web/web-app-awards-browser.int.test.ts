// Code passed to page.evaluate runs in the browser: it is typed against the DOM.
/// <reference lib="dom" />
import { ensureSource } from "@tender/db";
import { linkTenderProcedure, type NoticeAwards, type NoticeParty, storeNoticeAwards } from "@tender/ingest";
import { type SeedTenderOptions, seedTender } from "@tender/testing";
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

// Who won, organisations and expiring contracts in Chromium. The notices are the real result
// notices of the lifecycle data set (the Malta award 380868-2026, the LSBU award, the Find a Tender
// award 083650-2026) with their buyers, winners, values and dates, stored as ingest stores them
// (`linkTenderProcedure`, then `storeNoticeAwards`: organisations by identifier, every spelling
// kept); beside them a later Wiltshire award, a PwC award in the Find a Tender notice's CPV class
// (so Oxford Brookes competes with PwC), a notice whose awards could not be read and one of
// hostile names. The browser's clock is 26 Nov 2026, so "today to six months on" is fixed.
const ids: Record<string, string> = {};
const orgs: Record<string, string> = {};
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const TODAY = new Date("2026-11-26T10:00:00Z");

const MALTA_BUYER: NoticeParty = {
  name: "Department of Contracts",
  identifier: null,
  scheme: null,
  country: "MT",
};
const MINT: NoticeParty = { name: "Mint Health Limited", identifier: "C55603", scheme: null, country: "MT" };
const WILTSHIRE: NoticeParty = {
  name: "Wiltshire Council",
  identifier: "PDZR-9968-RYYY",
  scheme: "GB-PPON",
  country: "GB",
};
const BROOKES: NoticeParty = {
  name: "Oxford Brookes Enterprises Limited",
  identifier: "PYDR-3797-LZLJ",
  scheme: "GB-PPON",
  country: "GB",
};
const LSBU: NoticeParty = {
  name: "London South Bank University",
  identifier: null,
  scheme: null,
  country: "GB",
};
const PWC: NoticeParty = { name: "PwC UK LLP", identifier: null, scheme: null, country: "GB" };
const HOSTILE_NAME = `Acme\u202Egnp.exe ${"Ä".repeat(100 * 1024)}`;

const lot = (over: Partial<NoticeAwards["awards"][number]>): NoticeAwards["awards"][number] => ({
  lot: null,
  status: "awarded",
  winners: [],
  value: null,
  currency: null,
  decidedAt: null,
  contractSignedAt: null,
  contractEnd: null,
  tendersReceived: null,
  framework: null,
  ...over,
});

/** Seeds a result notice, links it into its procedure and stores its awards, as ingest does. */
async function seedResult(
  options: SeedTenderOptions,
  awards: NoticeAwards,
  kind: "result" | "modification" = "result",
): Promise<string> {
  const { id } = await seedTender(web.db, { deadline: null, ...options });
  const sourceId = (await ensureSource(web.db, options.source ?? "ted")).id;
  const procedure = { key: options.externalId ?? id, kind, supersedes: null };
  await web.db.transaction().execute(async (trx) => {
    await linkTenderProcedure(trx, { sourceId, tenderId: id, procedure, force: false });
    await storeNoticeAwards(trx, id, awards);
  });
  return id;
}

async function organisationId(name: string): Promise<string> {
  const row = await web.db
    .selectFrom("organisations")
    .select("id")
    .where("name", "like", `${name}%`)
    .executeTakeFirstOrThrow();
  return row.id;
}

const web = useWebApp({
  seed: async () => {
    ids.malta = await seedResult(
      {
        externalId: "380868-2026",
        title:
          "CT2377/2025 - Framework Contract for the supply of Ustekinumab 45mg Solution for Injection, Ustekinumab 90mg Solution for Injection",
        buyer_name: "Department of Contracts",
        amount: "239689.54",
        currency: "EUR",
        countries: ["MT"],
        published_at: "2026-06-10T00:00:00.000Z",
      },
      {
        buyer: MALTA_BUYER,
        awards: [
          lot({
            lot: "LOT-0001",
            winners: [MINT],
            value: "239689.54",
            currency: "EUR",
            decidedAt: "2026-06-02",
            contractSignedAt: "2026-05-20",
            tendersReceived: 11,
          }),
          // The second lot of the FICTIONAL maximal notice: not awarded.
          lot({ lot: "LOT-0002", status: "not-awarded", tendersReceived: 0 }),
        ],
        unreadable: null,
      },
    );
    ids.fts = await seedResult(
      {
        source: "find_a_tender",
        externalId: "083650-2026",
        title: "HC2645 Evaluation of the Emotional Me in Wiltshire Schools",
        buyer_name: "Wiltshire Council",
        amount: "32800.00",
        currency: "GBP",
        countries: ["GB"],
        // The notice's own CPV code (training services): its group 805 is whom Brookes competes with.
        cpv_codes: ["80500000"],
        published_at: "2026-09-03T15:39:47.000Z",
      },
      {
        buyer: WILTSHIRE,
        awards: [
          lot({
            lot: "1",
            winners: [BROOKES],
            value: "32800.00",
            currency: "GBP",
            decidedAt: "2026-09-03",
            contractEnd: "2027-03-31",
            tendersReceived: 4,
          }),
        ],
        unreadable: null,
      },
    );
    // A later award of the same buyer to the same supplier, under another spelling (fictional).
    ids.wiltshire2 = await seedResult(
      {
        source: "find_a_tender",
        externalId: "091200-2026",
        title: "Evaluation of the school wellbeing pilot",
        buyer_name: "Wiltshire Council",
        countries: ["GB"],
        published_at: "2026-10-12T09:00:00.000Z",
      },
      {
        buyer: WILTSHIRE,
        awards: [
          lot({
            lot: "1",
            winners: [{ ...BROOKES, name: "OXFORD BROOKES ENTERPRISES LTD" }],
            value: "18500.00",
            currency: "GBP",
            decidedAt: "2026-10-01",
            contractEnd: "2027-01-15",
            tendersReceived: 3,
          }),
        ],
        unreadable: null,
      },
    );
    ids.lsbu = await seedResult(
      {
        externalId: "LSBU-2018",
        title: "Consultancy services for London South Bank University",
        buyer_name: "London South Bank University",
        countries: ["GB"],
        published_at: "2026-07-01T00:00:00.000Z",
      },
      {
        buyer: LSBU,
        awards: [
          lot({
            lot: "LOT-0000",
            winners: [PWC],
            value: "4500000.00",
            currency: "GBP",
            decidedAt: "2018-08-02",
            contractEnd: "2028-08-01",
            tendersReceived: 12,
          }),
        ],
        unreadable: null,
      },
    );
    // Another supplier's award in Brookes' CPV group 805 (fictional, no contract end, so in no
    // expiring list): the organisation page's "Competes with" names it.
    ids.pwcTraining = await seedResult(
      {
        externalId: "LSBU-2026-T",
        title: "Training in evaluation methods for academic staff",
        buyer_name: "London South Bank University",
        countries: ["GB"],
        cpv_codes: ["80500000"],
        published_at: "2026-04-20T00:00:00.000Z",
      },
      {
        buyer: LSBU,
        awards: [
          lot({
            lot: "1",
            winners: [PWC],
            value: "64000.00",
            currency: "GBP",
            decidedAt: "2026-04-15",
            tendersReceived: 5,
          }),
        ],
        unreadable: null,
      },
    );
    // The demo's Ofwat modification 083674-2026: a value and a contract end, no supplier named.
    ids.modification = await seedResult(
      {
        source: "find_a_tender",
        externalId: "083674-2026",
        title: "Wholesaler/Retailer Risk Allocation Model",
        buyer_name: "The Water Services Regulation Authority",
        countries: ["GB"],
        published_at: "2026-09-03T17:08:41.000Z",
      },
      {
        buyer: {
          name: "The Water Services Regulation Authority",
          identifier: "PPCX-7855-VXBT",
          scheme: "GB-PPON",
          country: "GB",
        },
        awards: [lot({ value: "35000.00", currency: "GBP", contractEnd: "2026-08-21" })],
        unreadable: null,
      },
      "modification",
    );
    ids.unreadable = await seedResult(
      { externalId: "291981-2026", title: "Road maintenance, three lots", countries: ["IT"] },
      { buyer: null, awards: [], unreadable: "the notice's XML could not be fetched: HTTP 503" },
    );
    ids.hostile = await seedResult(
      {
        externalId: "H-1",
        title: "Cleaning \u2067services\u2069",
        buyer_name: "City \u2067gnp\u2069.exe Council",
        countries: ["GB"],
        published_at: "2026-08-01T00:00:00.000Z",
      },
      {
        buyer: { name: "City \u2067gnp\u2069.exe Council", identifier: null, scheme: null, country: "GB" },
        awards: [
          lot({
            lot: `L\u202E1`,
            winners: [{ name: HOSTILE_NAME, identifier: "X\u202E1", scheme: null, country: "GB" }],
            value: "1000.00",
            currency: "GBP",
            contractEnd: "2027-02-01",
          }),
        ],
        unreadable: null,
      },
    );
    for (const [name, prefix] of [
      ["mint", "Mint Health"],
      ["malta", "Department of Contracts"],
      ["brookes", "Oxford Brookes"],
      ["wiltshire", "Wiltshire"],
      ["lsbu", "London South Bank"],
      ["pwc", "PwC"],
      ["hostile", "Acme"],
    ] as const)
      orgs[name] = await organisationId(prefix);
  },
});

const signedIn = (viewport = DESKTOP): Promise<Page> => web.signedIn({ viewport, clock: TODAY });

/** Each item's blocks (its heading, each line of its meta), spaces collapsed, joined by " | ". */
function itemTexts(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluateAll((items) =>
      items.map((item) =>
        [...item.querySelectorAll("h3, .meta > li")]
          .map((block) => block.textContent?.replace(/\s+/g, " ").trim())
          .join(" | "),
      ),
    );
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("who won, organisations and expiring contracts in the web app", () => {
  it("a result's tender page: its lots, winners and buyer linked to their organisation pages, which link back", async () => {
    const page = await signedIn();
    const problems = watchPageErrors(page);
    await page.goto(`${web.base}/app/tenders/${ids.malta}`);
    await page.getByRole("heading", { name: "Awards" }).waitFor(WAIT);
    expect(await itemTexts(page, ".award-item")).toEqual([
      "Lot LOT-0001 | Winner Mint Health Limited | Value €239,689.54 | Decided 2 Jun 2026 | " +
        "Contract signed 20 May 2026 | Contract ends not stated | Tenders received 11",
      "Lot LOT-0002 Not awarded | Value not stated | Decided not stated | Contract signed not stated | " +
        "Contract ends not stated | Tenders received 0",
    ]);
    const winner = page.locator(".award-item").first().getByRole("link", { name: "Mint Health Limited" });
    expect(await winner.getAttribute("href")).toBe(`/app/organisations/${orgs.mint}`);
    expect(await page.locator(".award-item").nth(1).getByRole("link").count()).toBe(0);
    const buyer = page.locator(".meta").first().getByRole("link", { name: "Department of Contracts" });
    expect(await buyer.getAttribute("href")).toBe(`/app/organisations/${orgs.malta}`);
    await expectAccessible(page, "tender page with awards");
    await saveScreenshot(page, "tender-awards-desktop");

    // The winner's page: who it is, what it won, from whom, and the award linking back.
    await winner.click();
    await page.getByRole("heading", { level: 1, name: "Mint Health Limited" }).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe(`/app/organisations/${orgs.mint}`);
    expect(await itemTexts(page, ".organisation-page article > .meta")).toEqual([
      "Name from TED (EU) notice 380868-2026 | Country MT | Roles Supplier | Identifiers C55603",
    ]);
    expect(await page.locator("section[aria-labelledby=won-heading] .totals").textContent()).toBe(
      "1 award · €239,689.54",
    );
    expect(await page.locator("#given-heading").count()).toBe(0);
    expect(await page.locator(".counterparts li").allTextContents()).toEqual([
      "Department of Contracts 1 award",
    ]);
    expect(await page.locator(".counterparts a").getAttribute("href")).toBe(
      `/app/organisations/${orgs.malta}`,
    );
    const [recent] = await itemTexts(page, ".award-list .award-item");
    expect(recent?.split(" | ").slice(1)).toEqual([
      "Won lot LOT-0001",
      "Value €239,689.54",
      "From TED (EU) notice 380868-2026",
      "Decided 2 Jun 2026",
      "Contract ends not stated",
      "Buyer Department of Contracts",
    ]);
    expect(recent).toMatch(/^CT2377\/2025 - Framework Contract/);
    expect(await page.locator(".award-item h3 a").getAttribute("href")).toBe(`/app/tenders/${ids.malta}`);

    // The buyer's page: awards given, its suppliers.
    await page.locator(".counterparts a").click();
    await page.getByRole("heading", { level: 1, name: "Department of Contracts" }).waitFor(WAIT);
    expect(await page.locator("section[aria-labelledby=given-heading] .totals").textContent()).toBe(
      "1 award · €239,689.54",
    );
    expect(await page.locator("#won-heading").count()).toBe(0);
    expect(await page.locator(".counterparts a").getAttribute("href")).toBe(
      `/app/organisations/${orgs.mint}`,
    );
    expect(await page.locator(".award-item").textContent()).toContain("Winner Mint Health Limited");

    // A modification with a value and no supplier named is not "not awarded".
    await page.goto(`${web.base}/app/tenders/${ids.modification}`);
    await page.getByRole("heading", { name: "Awards" }).waitFor(WAIT);
    expect(await itemTexts(page, ".award-item")).toEqual([
      "Lot not named | Winner not named | Value £35,000.00 | Decided not stated | Contract signed not stated | " +
        "Contract ends 21 Aug 2026 | Tenders received not stated",
    ]);

    // A result notice whose awards could not be read says so.
    await page.goto(`${web.base}/app/tenders/${ids.unreadable}`);
    await page.getByTestId("no-awards").waitFor(WAIT);
    expect(await page.getByTestId("no-awards").textContent()).toContain("No award could be read");
    expect(problems).toEqual({ csp: [], errors: [] });
    await page.close();
  }, 90_000);

  it("an organisation with two spellings, totals, top buyers and competitors; search by name, identifier, role and country from the nav", async () => {
    const page = await signedIn();
    const problems = watchPageErrors(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Organisations" }).click();
    await page.getByRole("heading", { level: 1, name: "Organisations" }).waitFor(WAIT);
    const names = () => page.locator(".org-item h3").allTextContents();
    // Every buyer and winner, by name.
    await expect
      .poll(names, WAIT)
      .toEqual([
        expect.stringMatching(/^Acme⟨U\+202E⟩gnp\.exe Ä+$/),
        "City ⟨U+2067⟩gnp⟨U+2069⟩.exe Council",
        "Department of Contracts",
        "London South Bank University",
        "Mint Health Limited",
        "Oxford Brookes Enterprises Limited",
        "PwC UK LLP",
        "The Water Services Regulation Authority",
        "Wiltshire Council",
      ]);

    await page.getByLabel("Name or registered identifier").fill("oxford brookes ltd");
    await page.getByRole("button", { name: "Search organisations" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("q"), WAIT).toBe("oxford brookes ltd");
    await expect.poll(names, WAIT).toEqual(["Oxford Brookes Enterprises Limited"]);
    expect(await itemTexts(page, ".org-item")).toEqual([
      "Oxford Brookes Enterprises Limited | Country GB | Roles Supplier | Identifier GB-PPON PYDR-3797-LZLJ",
    ]);
    await page.getByLabel("Name or registered identifier").fill("GB-PPON-PDZR-9968-RYYY");
    await page.getByRole("button", { name: "Search organisations" }).click();
    await expect.poll(names, WAIT).toEqual(["Wiltshire Council"]);

    // Buyers in GB only.
    await page.getByLabel("Name or registered identifier").fill("");
    await page.getByLabel("Role").selectOption("buyer");
    await page.getByLabel("Country").fill("gb");
    await page.getByRole("button", { name: "Search organisations" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("country"), WAIT).toBe("GB");
    await expect
      .poll(() => names().then((n) => n.sort()), WAIT)
      .toEqual([
        "City ⟨U+2067⟩gnp⟨U+2069⟩.exe Council",
        "London South Bank University",
        "The Water Services Regulation Authority",
        "Wiltshire Council",
      ]);
    await expectAccessible(page, "organisation search");
    await saveScreenshot(page, "organisations-desktop");

    await page.goto(`${web.base}/app/organisations/${orgs.brookes}`);
    await page.getByRole("heading", { level: 1, name: "Oxford Brookes Enterprises Limited" }).waitFor(WAIT);
    expect(await page.locator(".spellings summary").textContent()).toBe("1 other spelling in notices");
    // Each spelling names the notice it came from, linked (issue 32).
    expect(await page.locator(".spellings li").textContent()).toBe(
      "OXFORD BROOKES ENTERPRISES LTD · Find a Tender (UK) notice 091200-2026",
    );
    expect(await page.locator(".spellings li a").getAttribute("href")).toBe(`/app/tenders/${ids.wiltshire2}`);
    expect(await page.locator(".look-alike").count()).toBe(0);
    expect(await page.locator("section[aria-labelledby=won-heading] .totals").textContent()).toBe(
      "2 awards · £51,300.00",
    );
    expect(await page.locator(".counterparts li").allTextContents()).toEqual(["Wiltshire Council 2 awards"]);
    // Newest decision first, each linking to its notice.
    expect(
      await page.locator(".award-item h3 a").evaluateAll((as) => as.map((a) => a.getAttribute("href"))),
    ).toEqual([`/app/tenders/${ids.wiltshire2}`, `/app/tenders/${ids.fts}`]);
    expect(await itemTexts(page, ".award-item")).toEqual([
      "Evaluation of the school wellbeing pilot | Won lot 1 | Value £18,500.00 | " +
        "From Find a Tender (UK) notice 091200-2026 | Decided 1 Oct 2026 | " +
        "Contract ends 15 Jan 2027 | Buyer Wiltshire Council",
      "HC2645 Evaluation of the Emotional Me in Wiltshire Schools | Won lot 1 | Value £32,800.00 | " +
        "From Find a Tender (UK) notice 083650-2026 | " +
        "Decided 3 Sept 2026 | Contract ends 31 Mar 2027 | Buyer Wiltshire Council",
    ]);
    // Competes with: the other winner in its own CPV group (805, training: a group-level code).
    await page.locator(".competitors li").first().waitFor(WAIT);
    expect((await page.getByTestId("competes-with").locator("p").textContent())?.replace(/\s+/g, " ")).toBe(
      "Suppliers with most awards in the CPV classes of its latest 2 won contracts (805).",
    );
    expect(await page.locator(".competitors li").allTextContents()).toEqual(["PwC UK LLP 1 award · CPV 805"]);
    expect(await page.locator(".competitors a").getAttribute("href")).toBe(`/app/organisations/${orgs.pwc}`);
    await expectAccessible(page, "organisation page");
    await saveScreenshot(page, "organisation-desktop");
    expect(problems).toEqual({ csp: [], errors: [] });
    await page.close();
  }, 90_000);

  it("expiring contracts: today to six months on by default, soonest first, linked, from browse items alone; the range is editable", async () => {
    const page = await signedIn();
    const problems = watchPageErrors(page);
    // Issue 32: the list is fed by browse items' award summaries, never by one card per row.
    const cards: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/api\/v1\/tenders\/[^/]+$/.test(path)) cards.push(path);
    });
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Expiring contracts" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Expiring contracts" }).waitFor(WAIT);
    expect(await page.getByLabel("Contract ends from").inputValue()).toBe("2026-11-26");
    expect(await page.getByLabel("to", { exact: true }).inputValue()).toBe("2027-05-26");
    const titles = () => page.locator(".expiring-item h3 a").allTextContents();
    await expect
      .poll(titles, WAIT)
      .toEqual([
        "Evaluation of the school wellbeing pilot",
        "Cleaning ⟨U+2067⟩services⟨U+2069⟩",
        "HC2645 Evaluation of the Emotional Me in Wiltshire Schools",
      ]);
    const first = page.locator(".expiring-item").first();
    await first.locator(".expiring-awards").waitFor(WAIT);
    expect((await itemTexts(page, ".expiring-item"))[0]).toBe(
      "Evaluation of the school wellbeing pilot | Buyer Wiltshire Council | Countries GB | " +
        "Contract ends 15 Jan 2027 | Lot 1 | Winner OXFORD BROOKES ENTERPRISES LTD | Value £18,500.00",
    );
    expect(await first.getByRole("link", { name: "Wiltshire Council" }).getAttribute("href")).toBe(
      `/app/organisations/${orgs.wiltshire}`,
    );
    expect(await first.getByRole("link", { name: /OXFORD BROOKES/ }).getAttribute("href")).toBe(
      `/app/organisations/${orgs.brookes}`,
    );
    expect(await first.locator("h3 a").getAttribute("href")).toBe(`/app/tenders/${ids.wiltshire2}`);
    await page.locator(".expiring-item .expiring-awards").nth(2).waitFor(WAIT);
    await expectAccessible(page, "expiring contracts");
    await saveScreenshot(page, "expiring-desktop");

    // A longer range takes in the LSBU contract ending in 2028; the URL keeps the range.
    await page.getByLabel("to", { exact: true }).fill("2028-12-31");
    await page.getByRole("button", { name: "Show contracts" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("contract_end_to"), WAIT).toBe("2028-12-31");
    await expect.poll(titles, WAIT).toHaveLength(4);
    expect((await titles())[3]).toBe("Consultancy services for London South Bank University");
    expect(cards).toEqual([]);
    expect(problems).toEqual({ csp: [], errors: [] });
    await page.close();
  }, 90_000);

  it("at 360 px: a 100 KB winner name cut, bidi controls shown as markers, no sideways scrolling", async () => {
    const page = await signedIn(PHONE);
    const problems = watchPageErrors(page);
    await page.goto(`${web.base}/app/organisations/${orgs.hostile}`);
    const heading = page.getByRole("heading", { level: 1 });
    await heading.waitFor(WAIT);
    const name = (await heading.textContent()) ?? "";
    expect(name.startsWith("Acme⟨U+202E⟩gnp.exe ÄÄÄ")).toBe(true);
    expect([...name].length).toBeLessThan(1_100);
    const main = (await page.locator("main").textContent()) ?? "";
    expect(main).not.toMatch(BIDI);
    expect(main).toContain("X⟨U+202E⟩1");
    expect(main).toContain("City ⟨U+2067⟩gnp⟨U+2069⟩.exe Council");
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, "hostile organisation at 360 px");

    await page.goto(`${web.base}/app/tenders/${ids.hostile}`);
    await page.getByRole("heading", { name: "Awards" }).waitFor(WAIT);
    expect(await page.locator(".award-item h3").textContent()).toBe("Lot L⟨U+202E⟩1");
    expect(await noSidewaysScroll(page)).toBe(true);

    await page.goto(`${web.base}/app/tenders/${ids.malta}`);
    await page.getByRole("heading", { name: "Awards" }).waitFor(WAIT);
    expect(await noSidewaysScroll(page)).toBe(true);
    await saveScreenshot(page, "tender-awards-mobile");
    await page.goto(`${web.base}/app/organisations/${orgs.brookes}`);
    await page.locator(".award-item").first().waitFor(WAIT);
    await page.locator(".competitors li").first().waitFor(WAIT);
    expect(await noSidewaysScroll(page)).toBe(true);
    await saveScreenshot(page, "organisation-mobile");
    await page.goto(`${web.base}/app/expiring`);
    await page.locator(".expiring-item .expiring-awards").nth(2).waitFor(WAIT);
    expect(await page.locator(".expiring-item").nth(1).textContent()).not.toMatch(BIDI);
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, "expiring contracts at 360 px");
    await saveScreenshot(page, "expiring-mobile");
    expect(problems).toEqual({ csp: [], errors: [] });
    await page.close();
  }, 90_000);
  // Last: it adds its own notices, which the tests above must not see.
  it("a name in look-alike letters is flagged on both organisations' pages, with the notices they came from (issue 32)", async () => {
    const spoof: NoticeParty = {
      name: "\u041Exford \u0412rookes Enterprises Limited",
      identifier: null,
      scheme: null,
      country: "GB",
    };
    ids.spoof = await seedResult(
      {
        source: "find_a_tender",
        externalId: "099999-2026",
        title: "Wellbeing evaluation (look-alike winner)",
        buyer_name: "Wiltshire Council",
        countries: ["GB"],
        published_at: "2026-10-20T09:00:00.000Z",
      },
      {
        buyer: WILTSHIRE,
        awards: [
          lot({ lot: "1", winners: [spoof], value: "5000000.00", currency: "GBP", decidedAt: "2026-10-19" }),
        ],
        unreadable: null,
      },
    );
    const spoofId = (
      await web.db
        .selectFrom("organisations")
        .select("id")
        .where("name", "=", spoof.name)
        .executeTakeFirstOrThrow()
    ).id;
    const page = await signedIn();
    const problems = watchPageErrors(page);
    await page.goto(`${web.base}/app/organisations/${spoofId}`);
    await page.locator(".look-alike").waitFor(WAIT);
    expect((await page.locator(".look-alike li").textContent())?.replace(/\s+/g, " ")).toBe(
      "\u041Exford \u0412rookes Enterprises Limited looks like Oxford Brookes Enterprises Limited",
    );
    expect(await page.locator(".look-alike li a").getAttribute("href")).toBe(
      `/app/organisations/${orgs.brookes}`,
    );
    expect((await itemTexts(page, ".organisation-page article > .meta"))[0]).toMatch(
      /^Name from Find a Tender \(UK\) notice 099999-2026 \|/,
    );
    await expectAccessible(page, "look-alike organisation");
    await page.goto(`${web.base}/app/organisations/${orgs.brookes}`);
    await page.locator(".look-alike").waitFor(WAIT);
    expect(await page.locator(".look-alike li a").getAttribute("href")).toBe(`/app/organisations/${spoofId}`);
    expect(problems).toEqual({ csp: [], errors: [] });
    await page.close();
  }, 90_000);
});
