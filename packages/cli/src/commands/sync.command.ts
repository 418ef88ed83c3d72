import { busNames } from "@tender/bus";
import { type EnvSource, loadConfig } from "@tender/config";
import {
  CursorRejectedError,
  HostNotAllowedError,
  HttpStatusError,
  type IngestLogger,
  InvalidResponseError,
  RedirectError,
  ResponseTooLargeError,
  RetryAfterTooLongError,
  runSyncPass,
  type SourceAdapter,
  type SyncReport,
} from "@tender/ingest";
import { CF_SOURCE_CODE, CfSyncEnv, createCfSource } from "@tender/source-contracts-finder";
import { createTedSource, TED_SOURCE_CODE, TedSyncEnv } from "@tender/source-ted";
import type { Command } from "commander";
import { CliError } from "../cli-error.js";
import type { CommandContext } from "../command-context.js";

interface SyncOptions {
  source: string;
  once?: boolean;
  json?: boolean;
}

const SOURCES = [TED_SOURCE_CODE, CF_SOURCE_CODE] as const;
const SOURCE_FAILURES = [
  CursorRejectedError,
  HostNotAllowedError,
  HttpStatusError,
  InvalidResponseError,
  RedirectError,
  ResponseTooLargeError,
  RetryAfterTooLongError,
];

/** `tender sync`: one sync pass of a source, as the ingest service runs it every interval. */
export function registerSyncCommand(program: Command, ctx: CommandContext, env: EnvSource): void {
  program
    .command("sync")
    .description("run one sync pass of a source API now and report what changed")
    .requiredOption("--source <code>", `source to pull: ${SOURCES.join(" or ")}`)
    .option("--once", "run a single pass (required: the ingest services do the polling)")
    .option("--json", "print the counts as JSON")
    .addHelpText(
      "after",
      `
The pass continues from the stored cursor and commits page by page. Events go to the outbox; a
running service's relay publishes them.

Environment (as for the services):
  ted               TED_BASE_URL, TED_QUERY, TED_LOOKBACK_DAYS, TED_PAGE_SIZE, TED_FIELDS
  contracts_finder  CF_BASE_URL, CF_STAGES, CF_PUBLISHED_FROM, CF_PAGE_SIZE
  both              SYNC_ALLOWED_HOSTS, HTTP_TIMEOUT_MS, HTTP_MAX_RESPONSE_BYTES, BUS_PREFIX

Examples:
  $ tender sync --source ted --once
  $ TED_BASE_URL=http://127.0.0.1:4010 tender sync --source ted --once --json`,
    )
    .action(async (options: SyncOptions) => {
      if (!options.once) throw new CliError("tender sync runs one pass only: add --once");
      const { adapter, busPrefix } = sourceFromEnv(options.source, env, ctx);
      const subject = busNames(busPrefix).subject;
      const report = await ctx.withDatabase(async (db) => {
        try {
          return await runSyncPass({ db, adapter, subject, logger: warningsTo(ctx) });
        } catch (error) {
          if (SOURCE_FAILURES.some((type) => error instanceof type) || isRequestFailure(error)) {
            throw new CliError(`sync of ${adapter.code} stopped: ${(error as Error).message}`);
          }
          throw error;
        }
      });
      printReport(ctx, report, options.json === true);
    });
}

function sourceFromEnv(
  source: string,
  env: EnvSource,
  ctx: CommandContext,
): { adapter: SourceAdapter; busPrefix: string | undefined } {
  const logger = warningsTo(ctx);
  if (source === TED_SOURCE_CODE) {
    const config = loadConfig(TedSyncEnv, env);
    return { adapter: createTedSource(config, logger), busPrefix: config.BUS_PREFIX };
  }
  if (source === CF_SOURCE_CODE) {
    const config = loadConfig(CfSyncEnv, env);
    return { adapter: createCfSource(config, logger), busPrefix: config.BUS_PREFIX };
  }
  throw new CliError(`--source must be ${SOURCES.join(" or ")}, got ${JSON.stringify(source)}`);
}

/** Retries and warnings of the pass, as one `warning:` line each on stderr. */
function warningsTo(ctx: CommandContext): IngestLogger {
  const quiet = () => {};
  return { debug: quiet, info: quiet, warn: (_obj, msg) => ctx.warn(`warning: ${msg}`), error: quiet };
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
