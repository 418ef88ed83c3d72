import { CHANGE_DOCUMENT_LIMITS, type NoticeChange, PROCEDURE_NOTICE_LIMITS } from "@tender/contracts";
import { insertGeneratedTenders, seedTender, useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { listProcedureNoticePage, listProcedureTimeline } from "./procedure-notice-list.repository.js";
import { lockProcedure, setNoticeLink, setTenderProcedure } from "./procedures.repository.js";

const t = useTestDatabase({ source: "ted" });

// Names as linking stores them: attachment titles (≤ 1,000 characters, any text PostgreSQL keeps).
const name = fc
  .string({ unit: "binary", minLength: 1, maxLength: 1000 })
  .map((s) => s.toWellFormed().replaceAll("\u0000", "x"));
const change: fc.Arbitrary<NoticeChange> = fc.oneof(
  fc
    .array(name, { minLength: 1, maxLength: 30 })
    .map((to) => ({ field: "documents_added" as const, from: null, to })),
  fc
    .array(name, { minLength: 1, maxLength: 30 })
    .map((from) => ({ field: "documents_removed" as const, from, to: null })),
  fc.tuple(name, name).map(([from, to]) => ({ field: "title" as const, from, to })),
);

/** The cut the answers promise (docs/api.md#procedures), in TypeScript. */
function cut(changes: NoticeChange[]): NoticeChange[] {
  return changes.map((c) => {
    const side = c.field === "documents_added" ? "to" : c.field === "documents_removed" ? "from" : null;
    if (side === null) return c;
    const all = c[side] as string[];
    const kept: string[] = [];
    let chars = 0;
    for (const n of all.slice(0, CHANGE_DOCUMENT_LIMITS.documents)) {
      chars += [...n].length;
      if (chars > CHANGE_DOCUMENT_LIMITS.characters) break;
      kept.push(n);
    }
    return { ...c, [side]: kept, total: all.length };
  });
}

describe("a procedure's notices as answers list them", () => {
  it("cuts each document list of changes to 10 names and 1,000 characters, with its total; keeps the rest", async () => {
    const procedureId = await lockProcedure(t.db, t.sourceId, "cut");
    const { id } = await seedTender(t.db);
    await setTenderProcedure(t.db, id, { procedureId, kind: "change", supersedesExternalId: null });
    await fc.assert(
      fc.asyncProperty(fc.array(change, { maxLength: 4 }), async (changes) => {
        await setNoticeLink(t.db, id, { supersededBy: null, changes });
        const [notice] = (await listProcedureTimeline(t.db, procedureId)).notices;
        expect(notice?.changes).toEqual(cut(changes));
        const [paged] = await listProcedureNoticePage(t.db, procedureId, { limit: 1 });
        expect(paged?.changes).toEqual(cut(changes));
      }),
      { numRuns: 40 },
    );
  });

  it("lists the first and the latest 99 of 150 notices; a card's own notice in the middle takes the oldest latest one's place", async () => {
    const procedureId = await lockProcedure(t.db, t.sourceId, "long");
    await insertGeneratedTenders(t.db, { from: 500_001, count: 150 });
    await sql`UPDATE tenders SET procedure_id = ${procedureId}, kind = 'competition', source_id = ${t.sourceId}
              WHERE external_id LIKE 'gen-5%'`.execute(t.db);
    const walk = await listProcedureNoticePage(t.db, procedureId, { limit: 100 });
    const rest = await listProcedureNoticePage(t.db, procedureId, {
      after: walk.at(-1)?.position as { key: string; id: string },
      limit: 100,
    });
    const all = [...walk, ...rest].map(({ position: _p, ...n }) => n);
    expect(all).toHaveLength(150);
    const latest = PROCEDURE_NOTICE_LIMITS.listed - 1;

    const timeline = await listProcedureTimeline(t.db, procedureId);
    expect(timeline.total).toBe(150);
    expect(timeline.notices).toEqual([all[0], ...all.slice(-latest)]);
    expect(timeline.gapAfter).toEqual(walk[0]?.position);

    const own = all[40]?.id as string;
    const card = await listProcedureTimeline(t.db, procedureId, { changesOf: own });
    expect(card.notices.map((n) => n.id)).toEqual(
      [all[0], all[40], ...all.slice(-(latest - 1))].map((n) => n?.id),
    );
    const latestOnes = await listProcedureTimeline(t.db, procedureId, { changesOf: all[149]?.id as string });
    expect(latestOnes.notices).toEqual(timeline.notices);
  });
});
