import type { BusNames } from "@tender/bus";
import { type Command, Option } from "commander";
import { CliError } from "../cli-error.js";
import type { OpsContext } from "../ops-context.js";
import { parseSequence, parseSince } from "../parse-events-options.js";
import { type ReplayResult, type ReplayStart, replayConsumer } from "./replay-consumer.js";

interface ReplayOptions {
  consumer: string;
  since?: string;
  fromSeq?: string;
  json?: boolean;
}

function replayStart(options: ReplayOptions, now: Date): ReplayStart {
  if (options.since !== undefined && options.fromSeq !== undefined) {
    throw new CliError("give either --since or --from-seq, not both");
  }
  if (options.since !== undefined) return { since: parseSince(options.since, now) };
  if (options.fromSeq !== undefined) return { seq: parseSequence(options.fromSeq, "--from-seq") };
  throw new CliError(
    "say where the replay starts: --since TIME (e.g. --since 6h) or --from-seq N (e.g. --from-seq 1 for everything retained)",
  );
}

function describe(r: ReplayResult): string[] {
  const from = r.opt_start_seq !== undefined ? `stream sequence ${r.opt_start_seq}` : `${r.opt_start_time}`;
  return [
    `${r.replaced_existing ? "Recreated" : "Created the missing"} consumer "${r.consumer}" on stream ${r.stream}, delivering from ${from}.`,
    `${r.num_pending} event(s) will be delivered again (the stream holds sequences ${r.stream_first_seq}..${r.stream_last_seq});`,
    `running ${r.consumer} instances pick them up on their next pull.`,
  ];
}

/** `tender events replay`: recreates a durable consumer at an earlier position. */
export function registerEventsReplayCommand(events: Command, ctx: OpsContext): void {
  events
    .command("replay")
    .description("deliver events again to a consumer, from a time or a stream sequence")
    .addOption(
      new Option("--consumer <name>", "the durable consumer to replay")
        .choices(["indexer", "downloader"])
        .makeOptionMandatory(),
    )
    .option(
      "--since <time>",
      "from the first event stored at or after TIME: 2026-03-01, 2026-03-01T12:00:00Z, 6h, 7d",
    )
    .option("--from-seq <n>", "from stream sequence N (1 = everything the stream still holds)")
    .option("--json", "print the recreated consumer's position as JSON")
    .addHelpText(
      "after",
      `
The consumer is deleted and created again with its usual configuration, starting at the given
position; other consumers are not touched. This is safe: consumers are idempotent (the indexer
compares content hashes, the downloader skips finished downloads), so events handled before are
handled again without changing the result. Use it after a lost consumer or to rebuild derived data.
Events older than the stream's retention (30 days by default) are gone and cannot be replayed.

Examples:
  $ tender events replay --consumer indexer --from-seq 1
  $ tender events replay --consumer downloader --since 2026-03-01T00:00:00Z
  $ tender events replay --consumer indexer --since 6h --json`,
    )
    .action(async (options: ReplayOptions) => {
      const start = replayStart(options, new Date());
      const result = await ctx.withBus(({ jsm, topology }) =>
        replayConsumer(
          jsm,
          topology,
          topology.names.consumers[options.consumer as keyof BusNames["consumers"]],
          start,
        ),
      );
      if (options.json) ctx.print(JSON.stringify(result));
      else for (const line of describe(result)) ctx.print(line);
    });
}
