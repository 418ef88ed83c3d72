import { open } from "node:fs/promises";
import { busNames } from "@tender/bus";
import { type EnvSource, loadConfig } from "@tender/config";
import { SourceCode } from "@tender/contracts";
import { BusPrefixEnv, type ImportReport, importTenderRecords, readJsonLines } from "@tender/ingest";
import type { Command } from "commander";
import * as v from "valibot";
import { CliError } from "../cli-error.js";
import type { CommandContext } from "../command-context.js";
import { awardsOfSource, facetsOfSource, procedureOfSource } from "../source-facets.js";

interface IngestOptions {
  source: string;
  file: string;
  json?: boolean;
}

/** `tender ingest`: imports TenderRecordV1 JSON lines through the sync path. */
export function registerIngestCommand(program: Command, ctx: CommandContext, env: EnvSource): void {
  program
    .command("ingest")
    .description("import TenderRecordV1 records from a JSON Lines file, as a sync would store them")
    .requiredOption("--source <code>", "source the records belong to, e.g. ted or contracts_finder")
    .requiredOption("--file <path>", "JSON Lines file: one TenderRecordV1 per line")
    .option("--json", "print the counts and rejected lines as JSON")
    .addHelpText(
      "after",
      `
New and changed tenders become pending and get a TenderChangedV1 event in the outbox (a running
service's relay publishes it). Invalid lines, and lines the database refuses, are quarantined
and listed with their line number; every other line is stored. Lines end at \\n or \\r\\n only
(U+2028 and U+2029 inside a record are text). A leading byte order mark is fine.

Environment:
  BUS_PREFIX  stream and subject name prefix, as the services use it (default: none)

Examples:
  $ tender ingest --source ted --file demo/ted-records.jsonl
  $ tender ingest --source contracts_finder --file records.jsonl --json`,
    )
    .action(async (options: IngestOptions) => {
      const sourceCode = parseSource(options.source);
      const subject = busNames(loadConfig(BusPrefixEnv, env).BUS_PREFIX).subject;
      const file = await open(options.file).catch((error: NodeJS.ErrnoException) => {
        throw new CliError(`cannot read ${options.file}: ${error.code ?? error.message}`);
      });
      try {
        if (!(await file.stat()).isFile()) throw new CliError(`cannot read ${options.file}: not a file`);
        const report = await ctx.withDatabase((db) =>
          importTenderRecords(db, {
            sourceCode,
            lines: readJsonLines(file.createReadStream({ autoClose: false })),
            subject,
            ...facetsOption(sourceCode),
          }),
        );
        printReport(ctx, sourceCode, report, options.json === true);
      } finally {
        await file.close().catch(() => {});
      }
    });
}

function parseSource(raw: string): string {
  const parsed = v.safeParse(SourceCode, raw);
  if (!parsed.success) {
    throw new CliError(
      `--source must be a source code (lowercase letters, digits and _), got ${JSON.stringify(raw)}`,
    );
  }
  return parsed.output;
}

function printReport(ctx: CommandContext, source: string, report: ImportReport, json: boolean): void {
  if (json) {
    ctx.print(
      JSON.stringify({
        source,
        records: report.records,
        new: report.created,
        changed: report.changed,
        unchanged: report.unchanged,
        quarantined: report.quarantined,
        events: report.events,
        rejected: report.rejected.map((r) => ({ line: r.line, external_id: r.externalId, reason: r.reason })),
      }),
    );
    return;
  }
  for (const rejected of report.rejected) ctx.warn(`line ${rejected.line}: ${rejected.reason}`);
  ctx.print(
    `${source}: ${report.records} record${report.records === 1 ? "" : "s"} read — ${report.created} new, ` +
      `${report.changed} changed, ${report.unchanged} unchanged, ${report.quarantined} quarantined; ` +
      `${report.events} event${report.events === 1 ? "" : "s"} queued`,
  );
}

/** A known source's records get their facets from their payload, as a sync would store them. */
function facetsOption(sourceCode: string) {
  const facetsOf = facetsOfSource(sourceCode);
  const procedureOf = procedureOfSource(sourceCode);
  const awardsOf = awardsOfSource(sourceCode);
  return {
    ...(facetsOf ? { facetsOf } : {}),
    ...(procedureOf ? { procedureOf } : {}),
    ...(awardsOf ? { awardsOf } : {}),
  };
}
