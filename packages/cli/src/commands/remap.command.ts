import {
  type Database,
  ensureSource,
  listTenderPayloadsAfter,
  setTenderFacets,
  upsertOrganisations,
} from "@tender/db";
import {
  linkTenderProcedure,
  type NoticeAwards,
  type NoticeProcedure,
  organisationMentions,
  storeNoticeAwards,
  type TenderFacets,
} from "@tender/ingest";
import { sourceChoice } from "@tender/sources";
import type { Command } from "commander";
import type { Kysely } from "kysely";
import { CliError } from "../cli-error.js";
import type { CommandContext } from "../command-context.js";
import { awardsOfSource, facetsOfSource, procedureOfSource } from "../source-facets.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_BATCH = 10_000;

interface RemapOptions {
  source: string;
  batch: string;
  after?: string;
}

/** What a remap did. */
export interface RemapReport {
  read: number;
  changed: number;
  /** The last tender id handled, to resume with `--after`. */
  lastId: string | null;
}

/**
 * `tender remap`: recomputes the countries, CPV codes, procedure, notice kind, awards and buyer
 * organisation of stored tenders from their payload.
 */
export function registerRemapCommand(program: Command, ctx: CommandContext): void {
  program
    .command("remap")
    .description(
      "recompute the countries, CPV codes, procedure, notice kind and awards of stored tenders from their source payload",
    )
    .requiredOption("--source <code>", sourceChoice())
    .option("--batch <n>", "tenders per transaction (1..10000)", "500")
    .option("--after <id>", "resume after this tender id (printed by an interrupted run)")
    .addHelpText(
      "after",
      `
Run it after upgrading to a version that derives more from the payloads. Only the countries,
CPV codes, procedures, notice kinds, the links between a procedure's notices, awards and
organisations change: no content hash, no reindexing, no event. It is safe to run again.
TED's awards come from each notice's eForms XML, fetched by the sync: remap keeps them.

Examples:
  $ tender remap --source ted
  $ tender remap --source contracts_finder --batch 1000`,
    )
    .action(async (options: RemapOptions) => {
      const facetsOf = facetsOfSource(options.source);
      if (!facetsOf) {
        throw new CliError(`--source must be ${sourceChoice()}, got ${JSON.stringify(options.source)}`);
      }
      const batch = parseBatch(options.batch);
      const after = parseAfter(options.after);
      const report = await ctx.withDatabase((db) =>
        remapFacets(
          db,
          options.source,
          facetsOf,
          {
            batch,
            after,
            procedureOf: procedureOfSource(options.source),
            awardsOf: awardsOfSource(options.source),
          },
          (progress) =>
            ctx.print(
              `${options.source}: ${progress.read} tenders read, ${progress.changed} changed (last id ${progress.lastId})`,
            ),
        ),
      );
      ctx.print(`remapped ${options.source}: ${report.read} tenders read, ${report.changed} changed`);
    });
}

/**
 * Walks the tenders of a source in id order, one transaction per batch, and stores the facets
 * `facetsOf` derives from each payload where they differ, and the procedure `procedureOf` maps
 * (linking that procedure's notices again when it changed), and the awards `awardsOf` maps
 * (the batch's organisations first, in key order, as a sync page does). A tender counts as
 * changed when any of them did. `onBatch` gets the running totals.
 */
export async function remapFacets(
  db: Kysely<Database>,
  sourceCode: string,
  facetsOf: (payload: unknown) => TenderFacets,
  options: {
    batch: number;
    after: string | null;
    procedureOf?: ((payload: unknown) => NoticeProcedure | null) | undefined;
    awardsOf?: ((payload: unknown) => NoticeAwards) | undefined;
  },
  onBatch: (progress: RemapReport) => void = () => {},
): Promise<RemapReport> {
  const report: RemapReport = { read: 0, changed: 0, lastId: options.after };
  for (;;) {
    const rows = await db.transaction().execute(async (trx) => {
      // Linking rewrites other notices of a procedure: take turns with the source's ingest pages
      // (which hold this row while they store), so neither waits on rows the other holds.
      if (options.procedureOf || options.awardsOf) await ensureSource(trx, sourceCode);
      const page = await listTenderPayloadsAfter(trx, sourceCode, report.lastId, options.batch);
      const awards = page.map((row) => options.awardsOf?.(row.raw_payload) ?? null);
      await upsertOrganisations(
        trx,
        awards.flatMap((a) => (a === null ? [] : organisationMentions(a))),
      );
      for (const [index, row] of page.entries()) {
        const facetsChanged = await setTenderFacets(trx, row.id, facetsOf(row.raw_payload));
        const procedure = options.procedureOf?.(row.raw_payload) ?? null;
        const linked =
          procedure === null
            ? null
            : await linkTenderProcedure(trx, {
                sourceId: row.source_id,
                tenderId: row.id,
                procedure,
                force: false,
              });
        const notice = awards[index] ?? null;
        const awarded = notice === null ? false : await storeNoticeAwards(trx, row.id, notice);
        if (facetsChanged || awarded || linked?.stored || (linked?.relinked ?? 0) > 0) report.changed += 1;
      }
      return page;
    });
    if (rows.length === 0) return report;
    report.read += rows.length;
    report.lastId = rows[rows.length - 1]?.id ?? report.lastId;
    onBatch({ ...report });
    if (rows.length < options.batch) return report;
  }
}

function parseBatch(raw: string): number {
  const n = /^\d{1,5}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!(n >= 1 && n <= MAX_BATCH)) {
    throw new CliError(`--batch must be a whole number from 1 to ${MAX_BATCH}, got ${JSON.stringify(raw)}`);
  }
  return n;
}

function parseAfter(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  if (!UUID.test(raw.trim()))
    throw new CliError(`--after must be a tender id (uuid), got ${JSON.stringify(raw)}`);
  return raw.trim().toLowerCase();
}
