import { busNames } from "@tender/bus";
import { type EnvSource, envString, loadConfig } from "@tender/config";
import {
  type Database,
  type Db,
  enqueueTenderChanged,
  findReindexTarget,
  type IndexStatus,
  listTendersForReindex,
  prepareReindex,
  type ReindexTarget,
} from "@tender/db";
import type { Command } from "commander";
import type { Kysely } from "kysely";
import * as v from "valibot";
import { CliError } from "../cli-error.js";
import type { CommandContext } from "../command-context.js";

const ReindexEnv = v.object({ BUS_PREFIX: envString({ optional: true }) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Tenders per transaction for --failed and --all: each page commits its events at once.
const PAGE = 500;

interface ReindexOptions {
  tender?: string;
  failed?: boolean;
  all?: boolean;
  json?: boolean;
}

type Counts = Record<IndexStatus, number>;

/** `tender reindex`: asks the indexer to rebuild tenders, by writing change events to the outbox. */
export function registerReindexCommand(program: Command, ctx: CommandContext, env: EnvSource): void {
  program
    .command("reindex")
    .description("rebuild the search index of one tender, of failed tenders, or of all tenders")
    .option("--tender <id>", "one tender, by id")
    .option("--failed", "every tender whose indexing failed")
    .option("--all", "every tender (ready ones stay searchable while they are rebuilt)")
    .option("--json", "print the counts as JSON")
    .addHelpText(
      "after",
      `
A running indexer picks the events up (its outbox relay publishes them).

Environment:
  BUS_PREFIX  stream and subject name prefix, as the services use it (default: none)

Examples:
  $ tender reindex --tender 3f2b8c1e-6c4d-4e0a-9a57-2f1d7c9b0e11
  $ tender reindex --failed
  $ tender reindex --all --json`,
    )
    .action(async (options: ReindexOptions) => {
      const scope = parseScope(options);
      const subject = busNames(loadConfig(ReindexEnv, env).BUS_PREFIX).subject;
      const counts = await ctx.withDatabase((db) => reindex(db, scope, subject));
      const enqueued = Object.values(counts).reduce((a, b) => a + b, 0);
      if (options.json) {
        ctx.print(JSON.stringify({ enqueued, by_status: counts }));
        return;
      }
      const parts = Object.entries(counts)
        .filter(([, n]) => n > 0)
        .map(([status, n]) => `${status} ${n}`);
      ctx.print(
        enqueued === 0
          ? "no tenders to reindex"
          : `enqueued ${enqueued} reindex event${enqueued === 1 ? "" : "s"} (${parts.join(", ")})`,
      );
    });
}

function parseScope(options: ReindexOptions): { tender: string } | "failed" | "all" {
  const chosen = [options.tender !== undefined, options.failed === true, options.all === true].filter(
    Boolean,
  );
  if (chosen.length !== 1) throw new CliError("choose exactly one of --tender ID, --failed or --all");
  if (options.failed) return "failed";
  if (options.all) return "all";
  const id = (options.tender ?? "").trim();
  if (!UUID.test(id))
    throw new CliError(`${JSON.stringify(options.tender)} is not a tender id: expected a uuid`);
  return { tender: id.toLowerCase() };
}

async function reindex(
  db: Kysely<Database>,
  scope: { tender: string } | "failed" | "all",
  subject: string,
): Promise<Counts> {
  const counts: Counts = { pending: 0, processing: 0, ready: 0, failed: 0 };
  const enqueue = async (trx: Db, targets: ReindexTarget[]) => {
    await prepareReindex(
      trx,
      targets.map((t) => t.id),
    );
    for (const target of targets) {
      await enqueueTenderChanged(trx, { tenderId: target.id, contentHash: target.content_hash, subject });
      counts[target.index_status] += 1;
    }
  };
  if (typeof scope === "object") {
    await db.transaction().execute(async (trx) => {
      const target = await findReindexTarget(trx, scope.tender);
      if (!target) throw new CliError(`no tender with id ${scope.tender}`);
      await enqueue(trx, [target]);
    });
    return counts;
  }
  let after: string | null = null;
  for (;;) {
    const page: ReindexTarget[] = await db.transaction().execute(async (trx) => {
      const targets = await listTendersForReindex(trx, scope, after, PAGE);
      await enqueue(trx, targets);
      return targets;
    });
    if (page.length < PAGE) return counts;
    after = page[page.length - 1]?.id ?? null;
  }
}
