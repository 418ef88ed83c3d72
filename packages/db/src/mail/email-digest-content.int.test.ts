import { randomUUID } from "node:crypto";
import type { NoticeKind } from "@tender/contracts";
import { insertMatch, seedSavedSearch, seedTender, useTestDatabase } from "@tender/testing";
import { describe, expect, it } from "vitest";
import { lockProcedure, setNoticeLink, setTenderProcedure } from "../procedures/procedures.repository.js";
import { loadDigestContent } from "./email-digest-content.repository.js";

const t = useTestDatabase({ source: "ted" });
const NOW = new Date("2030-03-06T07:00:00Z");
const PERIOD = {
  since: new Date("2030-03-05T07:00:00Z"),
  through: NOW,
  now: NOW,
  maxNew: 50,
  maxClosing: 50,
};

async function notice(procedureId: string, kind: NoticeKind, title: string, deadline: string) {
  const tender = await seedTender(t.db, { title, deadline });
  await setTenderProcedure(t.db, tender.id, { procedureId, kind, supersedesExternalId: null });
  return tender;
}

describe("loadDigestContent", () => {
  it("lists follow-ups apart from new tenders, and closes only current notices of procedures still open", async () => {
    const saved = await seedSavedSearch(t.db);
    const procedure = () => lockProcedure(t.db, t.sourceId, `P-${randomUUID()}`);
    // An original matched earlier, replaced by a change (a follow-up of the period) with a later deadline.
    const moved = await procedure();
    const original = await notice(moved, "competition", "Bridge", "2030-03-08T10:00:00Z");
    const change = await notice(moved, "change", "Bridge", "2030-03-10T10:00:00Z");
    await setNoticeLink(t.db, original.id, { supersededBy: change.id, changes: null });
    await insertMatch(t.db, saved.id, original.id, { matchedAt: "2030-03-01T00:00:00Z" });
    await insertMatch(t.db, saved.id, change.id, {
      matchedAt: "2030-03-05T12:00:00Z",
      followUp: {
        reason: "changed",
        changes: [{ field: "deadline", from: "2030-03-08T10:00:00.000Z", to: "2030-03-10T10:00:00.000Z" }],
      },
    });
    // A tender matched earlier whose procedure was cancelled.
    const cancelled = await procedure();
    const gone = await notice(cancelled, "competition", "Tunnel", "2030-03-09T10:00:00Z");
    await notice(cancelled, "cancellation", "Tunnel", "2030-03-09T10:00:00Z");
    await insertMatch(t.db, saved.id, gone.id, { matchedAt: "2030-03-01T00:00:00Z" });
    // A tender matched earlier, still open, closing soon; and a new match of the period.
    const road = await procedure();
    const open = await notice(road, "competition", "Road", "2030-03-07T10:00:00Z");
    await insertMatch(t.db, saved.id, open.id, { matchedAt: "2030-03-01T00:00:00Z" });
    // Issue 32: another buyer's cancellation and award standing beside it end nothing.
    for (const kind of ["cancellation", "result"] as const) {
      const foreign = await notice(road, kind, "Road", "2030-03-07T10:00:00Z");
      await setNoticeLink(t.db, foreign.id, { supersededBy: null, changes: null, beside: true });
    }
    const fresh = await notice(await procedure(), "competition", "Harbour", "2030-04-01T10:00:00Z");
    await insertMatch(t.db, saved.id, fresh.id, { matchedAt: "2030-03-06T06:00:00Z" });

    const content = await loadDigestContent(t.db, { savedSearchId: saved.id, ...PERIOD });
    expect(content.newMatches.map((m) => m.tender.id)).toEqual([fresh.id]);
    expect(content.newMatchCount).toBe(1);
    expect(content.followUps.map((m) => [m.tender.id, m.reason, m.procedure_id])).toEqual([
      [change.id, "changed", moved],
    ]);
    expect(content.followUpCount).toBe(1);
    expect(content.closingSoon.map((m) => m.tender.title)).toEqual(["Road"]);
  });
});
