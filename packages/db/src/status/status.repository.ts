import { sql } from "kysely";
import type { Db } from "../database.js";
import { countAttachmentsByDownloadStatus } from "../documents/attachments.repository.js";
import { listSources } from "../ingest/sources.repository.js";
import type { SourceRow } from "../ingest/sources.table.js";
import { countTendersByIndexStatus } from "../ingest/tenders.repository.js";

/** Events the outbox relay has not published yet. */
export interface OutboxBacklog {
  unpublished: number;
  /** Creation time of the oldest unpublished event, or null when there is none. */
  oldestCreatedAt: Date | null;
  /** Its age in whole seconds by the database clock (so a skewed client clock does not matter). */
  oldestAgeSeconds: number | null;
}

/** Size and age of the outbox backlog (for `tender status`). */
export async function readOutboxBacklog(db: Db): Promise<OutboxBacklog> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => [
      eb.fn.countAll<number>().as("unpublished"),
      eb.fn.min("created_at").as("oldest"),
      sql<number | null>`floor(extract(epoch from now() - min(created_at)))::int`.as("age"),
    ])
    .where("published_at", "is", null)
    .executeTakeFirstOrThrow();
  return {
    unpublished: Number(row.unpublished),
    oldestCreatedAt: row.oldest === null ? null : new Date(row.oldest),
    oldestAgeSeconds: row.age === null ? null : Number(row.age),
  };
}

/** Number of source records kept in quarantine (failed mapping or validation). */
export async function countQuarantinedRecords(db: Db): Promise<number> {
  const row = await db
    .selectFrom("quarantined_records")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every count the pipeline's progress is read from, in one call (`tender status`, the demo). */
export interface PipelineCounts {
  tenders: Awaited<ReturnType<typeof countTendersByIndexStatus>>;
  attachments: Awaited<ReturnType<typeof countAttachmentsByDownloadStatus>>;
  outbox: OutboxBacklog;
  quarantined: number;
  sources: SourceRow[];
}

/** Tenders by index status, attachments by download status, outbox backlog, quarantine, sources. */
export async function readPipelineCounts(db: Db): Promise<PipelineCounts> {
  const [tenders, attachments, outbox, quarantined, sources] = await Promise.all([
    countTendersByIndexStatus(db),
    countAttachmentsByDownloadStatus(db),
    readOutboxBacklog(db),
    countQuarantinedRecords(db),
    listSources(db),
  ]);
  return { tenders, attachments, outbox, quarantined, sources };
}

/** Quarantined records sharing one kind of reason. */
export interface QuarantineReasonCount {
  source: string;
  /** The reason without its line number, quoted values and item numbers, e.g. `attachments.*.title: …`. */
  reason: string;
  count: number;
  lastQuarantinedAt: Date;
}

// PostgreSQL regular expressions (ARE), passed as values so no escaping is lost on the way.
const LINE_NUMBER = "^line [0-9]+: ";
const QUOTED_VALUE = String.raw`"([^"\\]|\\.)*"`;
const ITEM_NUMBER = String.raw`\.[0-9]+(?=[.:])`;

/**
 * Quarantined records grouped by source and kind of reason, the most frequent `top` first, and
 * how many kinds there are in all. A reason's kind drops what varies from record to record:
 * the `line N: ` of an import, quoted values (`"…"`) and item numbers in paths (`attachments.*.`).
 */
export async function countQuarantinedByReason(
  db: Db,
  top: number,
): Promise<{ reasons: QuarantineReasonCount[]; kinds: number }> {
  const { rows } = await sql<{ source: string; reason: string; count: number; last: Date; kinds: number }>`
    SELECT source, kind AS reason, count(*)::int AS count, max(quarantined_at) AS last,
           (count(*) OVER ())::int AS kinds
    FROM (
      SELECT source, quarantined_at,
             regexp_replace(
               regexp_replace(regexp_replace(reason, ${LINE_NUMBER}, ''), ${QUOTED_VALUE}, '"…"', 'g'),
               ${ITEM_NUMBER}, '.*', 'g') AS kind
      FROM quarantined_records
    ) q
    GROUP BY source, kind
    ORDER BY count DESC, source, kind
    LIMIT ${top}`.execute(db);
  return {
    reasons: rows.map((r) => ({
      source: r.source,
      reason: r.reason,
      count: r.count,
      lastQuarantinedAt: r.last,
    })),
    kinds: rows[0]?.kinds ?? 0,
  };
}
