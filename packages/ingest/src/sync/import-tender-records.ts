import { type Database, type Db, ensureSource } from "@tender/db";
import type { Kysely } from "kysely";
import type { NoticeAwards } from "../awards/notice-awards.js";
import { upsertPageOrganisations } from "../awards/upsert-page-organisations.js";
import type { TenderFacets } from "../mapping/facets/tender-facets.js";
import { withAwards, withFacets, withProcedure } from "../mapping/facets/with-facets.js";
import { validateTenderRecord } from "../mapping/validate-tender-record.js";
import type { NoticeProcedure } from "../procedure/notice-procedure.js";
import { storeOrQuarantine } from "./store-or-quarantine.js";
import { addCounts, emptyCounts, type SyncCounts } from "./sync-counts.js";

export interface ImportTenderRecordsOptions {
  /** The `--source` code; every record must carry it. */
  sourceCode: string;
  /** JSON Lines (split with `readJsonLines`): one `TenderRecordV1` per line; blank lines are ignored. */
  lines: AsyncIterable<string> | Iterable<string>;
  subject: string;
  /** Lines per transaction; default 100. */
  batchSize?: number;
  now?: () => Date;
  /** Derives each valid record's facets from its `raw_payload` (the source's mapper); none: empty facets. */
  facetsOf?: (payload: unknown) => TenderFacets;
  /** Maps each valid record's procedure from its `raw_payload` (the source's mapper); none: kept as stored. */
  procedureOf?: (payload: unknown) => NoticeProcedure | null;
  /** Maps each valid record's awards and buyer from its `raw_payload` (the source's mapper); none: kept as stored. */
  awardsOf?: (payload: unknown) => NoticeAwards;
}

export interface RejectedLine {
  /** 1-based line number in the input. */
  line: number;
  externalId: string | null;
  reason: string;
}

export interface ImportReport extends SyncCounts {
  /** Non-blank lines read. */
  records: number;
  /** Lines quarantined, in input order. */
  rejected: RejectedLine[];
}

interface ParsedLine {
  line: number;
  raw: unknown;
  result: ReturnType<typeof validateTenderRecord>;
}

/**
 * Imports `TenderRecordV1` JSON lines through the same path as a sync (upsert, attachments,
 * outbox event), in transactions of `batchSize` lines, each line under its own savepoint.
 * Invalid lines, and lines the database refuses, are quarantined with their line number in the
 * reason and listed in the report; the other lines of the batch are stored. A byte order mark
 * before the first line is skipped. The source cursor is not touched.
 */
export async function importTenderRecords(
  db: Kysely<Database>,
  options: ImportTenderRecordsOptions,
): Promise<ImportReport> {
  const batchSize = options.batchSize ?? 100;
  const report: ImportReport = { ...emptyCounts(), records: 0, rejected: [] };
  let batch: ParsedLine[] = [];
  let number = 0;
  for await (const text of options.lines) {
    number += 1;
    // A file saved with a UTF-8 byte order mark starts with U+FEFF, which JSON.parse refuses.
    const line = number === 1 && text.startsWith("\uFEFF") ? text.slice(1) : text;
    if (line.trim() === "") continue;
    report.records += 1;
    batch.push(withPayloadFacets(parseLine(number, line, options.sourceCode), options));
    if (batch.length >= batchSize) {
      await commitBatch(db, batch, options, report);
      batch = [];
    }
  }
  if (batch.length > 0) await commitBatch(db, batch, options, report);
  return report;
}

function parseLine(line: number, text: string, sourceCode: string): ParsedLine {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return {
      line,
      raw: text,
      result: { ok: false, externalId: null, reason: `not JSON: ${(error as Error).message}` },
    };
  }
  const result = validateTenderRecord(raw);
  if (result.ok && result.record.source !== sourceCode) {
    const reason = `source: record says "${result.record.source}", --source is "${sourceCode}"`;
    return { line, raw, result: { ok: false, externalId: result.record.external_id, reason } };
  }
  return { line, raw, result };
}

async function commitBatch(
  db: Kysely<Database>,
  batch: readonly ParsedLine[],
  options: ImportTenderRecordsOptions,
  report: ImportReport,
): Promise<void> {
  const now = (options.now ?? (() => new Date()))();
  const rejected: RejectedLine[] = [];
  const counts = await db.transaction().execute(async (trx: Db) => {
    const source = await ensureSource(trx, options.sourceCode);
    const target = { sourceId: source.id, sourceCode: options.sourceCode, subject: options.subject, now };
    const c = emptyCounts();
    await upsertPageOrganisations(
      trx,
      batch.map((item) => item.result),
    );
    for (const item of batch) {
      const quarantined = await storeOrQuarantine(
        trx,
        target,
        { ...item, reasonPrefix: `line ${item.line}: ` },
        c,
      );
      if (quarantined)
        rejected.push({ line: item.line, externalId: quarantined.externalId, reason: quarantined.reason });
    }
    return c;
  });
  // Only after the commit: a failed batch reports nothing as done.
  addCounts(report, counts);
  report.rejected.push(...rejected);
}

function withPayloadFacets(
  parsed: ParsedLine,
  {
    facetsOf,
    procedureOf,
    awardsOf,
  }: Pick<ImportTenderRecordsOptions, "facetsOf" | "procedureOf" | "awardsOf">,
): ParsedLine {
  const { result } = parsed;
  if (!result.ok) return parsed;
  const payload = result.record.raw_payload;
  const faceted = facetsOf === undefined ? result : withFacets(result, () => facetsOf(payload));
  const placed = procedureOf === undefined ? faceted : withProcedure(faceted, () => procedureOf(payload));
  return { ...parsed, result: awardsOf === undefined ? placed : withAwards(placed, () => awardsOf(payload)) };
}
