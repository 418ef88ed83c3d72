import { randomBytes, randomUUID } from "node:crypto";
import type { NoticeChange, NoticeKind } from "@tender/contracts";
import { NOTICE_KINDS } from "@tender/contracts";
import { seedSavedSearch, seedTender, useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { setApiKeyEnabled } from "../keys/api-keys.repository.js";
import { lockProcedure, setNoticeLink, setTenderProcedure } from "../procedures/procedures.repository.js";
import { recordTenderMatches } from "./record-tender-matches.js";

const t = useTestDatabase({ source: "ted" });
const NOW = new Date("2026-10-01T00:00:00Z");
const VISIBLE: NoticeChange[] = [{ field: "title", from: "Old", to: "New" }];
const REASONS: Partial<Record<NoticeKind, string>> = {
  change: "changed",
  modification: "changed",
  result: "awarded",
  cancellation: "cancelled",
};

type Op =
  | { op: "notice"; kind: NoticeKind; topic: number; changes: "none" | "empty" | "visible" }
  | { op: "replay"; at: number }
  | { op: "reindex"; at: number }
  | { op: "toggle"; search: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      op: fc.constant("notice" as const),
      kind: fc.constantFrom(...NOTICE_KINDS),
      topic: fc.integer({ min: 0, max: 2 }),
      changes: fc.constantFrom("none" as const, "empty" as const, "visible" as const),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ op: fc.constant("replay" as const), at: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant("reindex" as const), at: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({ op: fc.constant("toggle" as const), search: fc.integer({ min: 0, max: 2 }) }),
    weight: 1,
  },
);

const words = () => Array.from({ length: 4 }, () => `w${randomBytes(4).toString("hex")}`).join(" ");

interface Notice {
  id: string;
  hash: string;
  kind: NoticeKind;
  topic: number;
  changes: NoticeChange[] | null;
}
type Row = { search: number; notice: string; reason: string; hash: string };

/**
 * The rule, written the slow way: for each saved search, whether it follows the procedure (an
 * alert on another notice), then what this notice records for it.
 */
function expectedRecord(rows: Row[], n: Notice, topics: number[], enabled: boolean[]): Row[] {
  const reason = REASONS[n.kind];
  const visible =
    !(n.kind === "change" || n.kind === "modification") || n.changes === null || n.changes.length > 0;
  const added: Row[] = [];
  topics.forEach((topic, search) => {
    if (!enabled[search]) return;
    const mine = rows.filter((r) => r.search === search);
    const follows = reason !== undefined && mine.some((r) => r.notice !== n.id);
    const onThis = mine.filter((r) => r.notice === n.id);
    if (follows) {
      if (visible && onThis.length === 0) added.push({ search, notice: n.id, reason, hash: n.hash });
      return;
    }
    if (topic !== n.topic || onThis.some((r) => r.reason !== "match" || r.hash === n.hash)) return;
    added.push({ search, notice: n.id, reason: "match", hash: n.hash });
  });
  return added;
}

describe("follow-ups against the rule written the slow way", () => {
  it("record exactly what the rule says, whatever notices arrive, replayed, re-indexed, with keys disabled", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const procedureId = await lockProcedure(t.db, t.sourceId, `P-${randomUUID()}`);
        const texts = [words(), words(), words()];
        // Two saved searches of topic 0, one of topic 1; topic 2 matches none.
        const topics = [0, 0, 1];
        const searches = await Promise.all(
          topics.map((topic) => seedSavedSearch(t.db, { query: texts[topic] })),
        );
        const enabled = topics.map(() => true);
        const notices: Notice[] = [];
        let rows: Row[] = [];
        const record = async (n: Notice) => {
          rows = [...rows, ...expectedRecord(rows, n, topics, enabled)];
          await recordTenderMatches(t.db, { tenderId: n.id, contentHash: n.hash, now: NOW });
        };
        for (const step of ops) {
          if (step.op === "notice") {
            const seeded = await seedTender(t.db, { chunks: [texts[step.topic] as string] });
            await setTenderProcedure(t.db, seeded.id, {
              procedureId,
              kind: step.kind,
              supersedesExternalId: null,
            });
            const changes = step.changes === "none" ? null : step.changes === "empty" ? [] : VISIBLE;
            await setNoticeLink(t.db, seeded.id, { supersededBy: null, changes });
            const n = {
              id: seeded.id,
              hash: seeded.contentHash,
              kind: step.kind,
              topic: step.topic,
              changes,
            };
            notices.push(n);
            await record(n);
          } else if (step.op === "toggle") {
            const search = searches[step.search] as { apiKeyId: string };
            enabled[step.search] = !enabled[step.search];
            await setApiKeyEnabled(t.db, search.apiKeyId, enabled[step.search] as boolean);
          } else if (notices.length > 0) {
            const n = notices[step.at % notices.length] as Notice;
            if (step.op === "reindex") {
              n.hash = randomBytes(32).toString("hex");
              await sql`UPDATE tenders SET content_hash = ${n.hash} WHERE id = ${n.id}`.execute(t.db);
            }
            await record(n);
          }
        }
        const stored = await t.db
          .selectFrom("saved_search_matches")
          .select(["saved_search_id", "tender_id", "reason", "content_hash"])
          .where("procedure_id", "=", procedureId)
          .execute();
        const byId = new Map(searches.map((s, i) => [s.id, i]));
        const key = (r: Row) => `${r.search} ${r.notice} ${r.reason} ${r.hash}`;
        expect(
          stored
            .map((r) =>
              key({
                search: byId.get(r.saved_search_id) as number,
                notice: r.tender_id,
                reason: r.reason,
                hash: r.content_hash,
              }),
            )
            .sort(),
        ).toEqual(rows.map(key).sort());
        // The once rule, on its own: one follow-up per saved search and notice.
        const followUps = stored
          .filter((r) => r.reason !== "match")
          .map((r) => `${r.saved_search_id} ${r.tender_id}`);
        expect(new Set(followUps).size).toBe(followUps.length);
      }),
      { numRuns: 40 },
    );
  });
});
