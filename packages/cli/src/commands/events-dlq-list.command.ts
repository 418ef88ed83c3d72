import type { DeadLetter } from "@tender/bus";
import { listDeadLetters } from "@tender/bus";
import type { Command } from "commander";
import { shorten } from "../format-age.js";
import { formatTable } from "../format-table.js";
import type { OpsContext } from "../ops-context.js";
import { parseLimit } from "../parse-events-options.js";

const MAX_LIST = 10_000;

/** A dead letter in the CLI's JSON (snake_case, like every other `--json` output). */
export function deadLetterJson(d: DeadLetter) {
  return {
    seq: d.seq,
    dead_lettered_at: d.deadLetteredAt,
    consumer: d.consumer,
    reason: d.reason,
    original_subject: d.originalSubject,
    original_stream: d.originalStream,
    original_seq: d.originalSeq,
    delivery_count: d.deliveryCount,
    payload: d.payload,
  };
}

/** `tender events dlq list`: the oldest dead letters with why they failed. */
export function registerDlqListCommand(dlq: Command, ctx: OpsContext): void {
  dlq
    .command("list")
    .description("show dead letters, oldest first, with the reason each one failed")
    .option("--limit <n>", `show at most N (1 to ${MAX_LIST})`, "20")
    .option("--json", "print a JSON array, payloads included")
    .addHelpText(
      "after",
      `
SEQ is the dead letter's sequence in the dead-letter stream: pass it to \`tender events dlq retry\`.

Examples:
  $ tender events dlq list
  $ tender events dlq list --limit 200 --json | jq '.[].reason'`,
    )
    .action(async (options: { limit: string; json?: boolean }) => {
      const limit = parseLimit(options.limit, MAX_LIST);
      const { letters, total, stream } = await ctx.withBus(async ({ jsm, topology }) => {
        const stream = topology.names.dlqStream;
        const { state } = await jsm.streams.info(stream);
        return { letters: await listDeadLetters(jsm, topology, limit), total: state.messages, stream };
      });
      if (options.json) {
        ctx.print(JSON.stringify(letters.map(deadLetterJson)));
        return;
      }
      if (letters.length === 0) {
        ctx.print(`no dead letters in ${stream}`);
        return;
      }
      ctx.print(
        letters.length < total
          ? `${stream} holds ${total} dead letters; the oldest ${letters.length}:`
          : `${stream} holds ${total} dead letter${total === 1 ? "" : "s"}:`,
      );
      ctx.print(
        formatTable(
          ["SEQ", "DEAD-LETTERED AT", "CONSUMER", "ORIGINAL SEQ", "DELIVERIES", "REASON"],
          letters.map((d) => [
            String(d.seq),
            d.deadLetteredAt,
            d.consumer,
            d.originalSeq === null ? "-" : String(d.originalSeq),
            d.deliveryCount === null ? "-" : String(d.deliveryCount),
            shorten(d.reason, 100),
          ]),
        ),
      );
    });
}
