import type { NoticeKind } from "@tender/contracts";
import { insertMatch, seedSavedSearch, seedTender, useTestDatabase } from "@tender/testing";
import { describe, expect, it } from "vitest";
import { replaceTenderAwards } from "../awards/awards.repository.js";
import { loadDigestContent } from "../mail/email-digest-content.repository.js";
import { lockProcedure, setTenderProcedure } from "../procedures/procedures.repository.js";
import { listSavedSearchMatches } from "./saved-search-matches.repository.js";

const t = useTestDatabase({ source: "ted" });

const stored = {
  lot: "LOT-1",
  status: "awarded" as const,
  value: "239689.54",
  currency: "EUR",
  decided_at: "2026-09-03",
  contract_signed_at: null,
  contract_end: "2027-03-31",
  tenders_received: 4,
  winners: [
    { organisation_id: null, name: "Mint Health Limited", identifier: null, scheme: null, country: "GB" },
  ],
};
const shown = {
  lot: "LOT-1",
  value: "239689.54",
  currency: "EUR",
  decided_at: "2026-09-03",
  contract_signed_at: null,
  contract_end: "2027-03-31",
  tenders_received: 4,
  winners: [{ organisation_id: null, name: "Mint Health Limited", identifier: null, country: "GB" }],
};

describe("the awards of listed matches", () => {
  it("come with awarded follow-ups and with changes of a result, never with a match or a cancellation", async () => {
    const saved = await seedSavedSearch(t.db);
    const procedureId = await lockProcedure(t.db, t.sourceId, `P-${saved.id}`);
    const notice = async (kind: NoticeKind, withAwards: boolean) => {
      const tender = await seedTender(t.db);
      await setTenderProcedure(t.db, tender.id, { procedureId, kind, supersedesExternalId: null });
      if (withAwards) await replaceTenderAwards(t.db, tender.id, [stored], null);
      return tender.id;
    };
    const cases = [
      ["match on a result", "result", true, null, null],
      ["awarded", "result", true, "awarded", [shown]],
      ["awarded, none stored", "result", false, "awarded", []],
      ["changed result", "modification", true, "changed", [shown]],
      ["changed call", "change", false, "changed", null],
      ["cancelled", "cancellation", true, "cancelled", null],
    ] as const;
    const expected = new Map<string, unknown>();
    for (const [i, [snippet, kind, withAwards, reason, awards]] of cases.entries()) {
      const id = await insertMatch(t.db, saved.id, await notice(kind, withAwards), {
        matchedAt: `2026-09-0${i + 1}T00:00:00Z`,
        snippet,
        ...(reason ? { followUp: { reason, changes: null } } : {}),
      });
      expected.set(id, awards);
    }
    const listed = await listSavedSearchMatches(t.db, saved.id, { limit: 10 });
    expect(new Map(listed.map((m) => [m.alert_id, m.awards]))).toEqual(expected);
    const digest = await loadDigestContent(t.db, {
      savedSearchId: saved.id,
      since: new Date("2026-01-01T00:00:00Z"),
      through: new Date("2026-12-31T00:00:00Z"),
      now: new Date("2026-09-10T00:00:00Z"),
      maxNew: 10,
      maxClosing: 10,
    });
    expect(digest.followUps.map((m) => [m.snippet, m.awards])).toEqual(
      cases.filter(([, , , reason]) => reason !== null).map(([snippet, , , , awards]) => [snippet, awards]),
    );
    expect(digest.newMatches.map((m) => m.awards)).toEqual([null]);
  });
});
