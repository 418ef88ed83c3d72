import { busNames } from "@tender/bus";
import { type EnvSource, loadConfig } from "@tender/config";
import type { Database } from "@tender/db";
import {
  BusPrefixEnv,
  CursorRejectedError,
  type IngestLogger,
  IngestWorkerEnv,
  runSyncLoop,
  runSyncPass,
  type SourceAdapter,
  SourceHttpError,
  SyncHttpEnv,
  type SyncReport,
} from "@tender/ingest";
import { SOURCES, sourceByCode, sourceChoice } from "@tender/sources";
import type { Command } from "commander";
import type { Kysely } from "kysely";
import * as v from "valibot";
import type { StopSignals } from "../cli-deps.js";
import { CliError } from "../cli-error.js";
import type { CommandContext } from "../command-context.js";

interface SyncOptions {
  source: string;
  once?: boolean;
  json?: boolean;
}

/** `SYNC_INTERVAL_MS`, as the ingest services read it: the pause between passes without `--once`. */
const SyncIntervalEnv = v.object({ SYNC_INTERVAL_MS: IngestWorkerEnv.entries.SYNC_INTERVAL_MS });

/**
 * `tender sync`: syncs a source as the ingest service does, a pass every `SYNC_INTERVAL_MS` until
 * SIGINT or SIGTERM (from `signals`), or one pass with `--once`.
 */
export function registerSyncCommand(
  program: Command,
  ctx: CommandContext,
  env: EnvSource,
  signals: StopSignals,
): void {
  program
    .command("sync")
    .description("sync a source API now, as its ingest service does, and report what changed")
    .requiredOption("--source <code>", `source to pull: ${sourceChoice()}`)
    .option("--once", "run a single pass and exit (default: a pass every SYNC_INTERVAL_MS until Ctrl-C)")
    .option("--json", "print the counts as JSON, one line per pass")
    .addHelpText(
      "after",
      `
Each pass continues from the stored cursor and commits page by page, and prints one line of
counts. Without --once a pass starts every SYNC_INTERVAL_MS (default 900000, 15 minutes); a failed
pass is reported and retried at the next interval; Ctrl-C or SIGTERM stops after the current page.
Events go to the outbox; a running service's relay publishes them.

Environment (as for the services):
${sourceSettingsHelp()}
  every source      SYNC_ALLOWED_HOSTS, HTTP_TIMEOUT_MS, HTTP_MAX_RESPONSE_BYTES, BUS_PREFIX,
                    SYNC_INTERVAL_MS (without --once)

Examples:
  $ tender sync --source ted --once
  $ SYNC_INTERVAL_MS=60000 tender sync --source contracts_finder
  $ TED_BASE_URL=http://127.0.0.1:4010 tender sync --source ted --once --json`,
    )
    .action(async (options: SyncOptions) => {
      const { adapter, busPrefix } = sourceFromEnv(options.source, env, ctx);
      const subject = busNames(busPrefix).subject;
      const json = options.json === true;
      if (options.once) {
        const report = await ctx.withDatabase((db) => runOnePass(db, adapter, subject, ctx));
        printReport(ctx, report, json);
        return;
      }
      const { SYNC_INTERVAL_MS } = loadConfig(SyncIntervalEnv, env);
      const stop = new AbortController();
      const abort = () => stop.abort();
      signals.once("SIGINT", abort);
      signals.once("SIGTERM", abort);
      await ctx.withDatabase((db) =>
        runSyncLoop({
          intervalMs: SYNC_INTERVAL_MS,
          signal: stop.signal,
          logger: warningsTo(ctx),
          runPass: async (signal) => {
            const report = await runSyncPass({ db, adapter, subject, logger: warningsTo(ctx), signal });
            printReport(ctx, report, json);
            return report;
          },
        }),
      );
    });
}

async function runOnePass(
  db: Kysely<Database>,
  adapter: SourceAdapter,
  subject: string,
  ctx: CommandContext,
): Promise<SyncReport> {
  try {
    return await runSyncPass({ db, adapter, subject, logger: warningsTo(ctx) });
  } catch (error) {
    if (error instanceof SourceHttpError || error instanceof CursorRejectedError || isRequestFailure(error)) {
      throw new CliError(`sync of ${adapter.code} stopped: ${(error as Error).message}`);
    }
    throw error;
  }
}

function sourceFromEnv(
  source: string,
  env: EnvSource,
  ctx: CommandContext,
): { adapter: SourceAdapter; busPrefix: string | undefined } {
  const definition = sourceByCode(source);
  if (!definition) throw new CliError(`--source must be ${sourceChoice()}, got ${JSON.stringify(source)}`);
  const config = loadConfig(v.intersect([BusPrefixEnv, SyncHttpEnv, definition.env]), env);
  return { adapter: definition.createAdapter(config, warningsTo(ctx)), busPrefix: config.BUS_PREFIX };
}

/** One line per source: its code and the settings it reads, wrapped to the help's width. */
function sourceSettingsHelp(): string {
  return SOURCES.map((source) => {
    const names = Object.keys(source.env.entries);
    const lines: string[] = [];
    for (const name of names) {
      const last = lines.at(-1);
      if (last !== undefined && last.length + name.length + 2 <= 72)
        lines[lines.length - 1] = `${last}, ${name}`;
      else lines.push(name);
    }
    return lines.map((line, i) => `  ${(i === 0 ? source.code : "").padEnd(18)}${line}`).join("\n");
  }).join("\n");
}

/**
 * Retries and warnings of a pass, as one `warning:` line each on stderr; a failed pass of the
 * continuous sync as one `error:` line with its reason (the next pass is still to come).
 */
function warningsTo(ctx: CommandContext): IngestLogger {
  const quiet = () => {};
  return {
    debug: quiet,
    info: quiet,
    warn: (_obj, msg) => ctx.warn(`warning: ${msg}`),
    error: (obj, msg) => ctx.warn(`error: ${msg}: ${String(obj.err ?? "unknown failure")}`),
  };
}

function isRequestFailure(error: unknown): boolean {
  return error instanceof Error && /^Request to .* (failed|timed out)/.test(error.message);
}

function printReport(ctx: CommandContext, report: SyncReport, json: boolean): void {
  if (json) {
    ctx.print(
      JSON.stringify({
        source: report.source,
        pages: report.pages,
        new: report.created,
        changed: report.changed,
        unchanged: report.unchanged,
        quarantined: report.quarantined,
        events: report.events,
        attachments: {
          added: report.attachmentsAdded,
          requeued: report.attachmentsRequeued,
          skipped: report.attachmentsSkipped,
        },
        stop: report.stop,
      }),
    );
    return;
  }
  const stop = report.stop === "end" ? "end of data" : report.stop.replaceAll("_", " ");
  ctx.print(
    `${report.source}: ${report.pages} page${report.pages === 1 ? "" : "s"} — ${report.created} new, ` +
      `${report.changed} changed, ${report.unchanged} unchanged, ${report.quarantined} quarantined; ` +
      `${report.events} event${report.events === 1 ? "" : "s"} queued (${stop})`,
  );
}
