import { retryDeadLetter } from "@tender/bus";
import type { Command } from "commander";
import { CliError } from "../cli-error.js";
import type { CliBus, OpsContext } from "../ops-context.js";
import { parseSequence } from "../parse-events-options.js";

interface Retried {
  dlq_seq: number;
  subject: string;
  seq: number;
}

/** Every dead letter's sequence, oldest first (retried ones leave gaps, which read as null). */
async function allSequences({ jsm, topology }: CliBus): Promise<number[]> {
  const stream = topology.names.dlqStream;
  const { state } = await jsm.streams.info(stream);
  if (state.messages === 0) return [];
  const seqs: number[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq; seq += 1) {
    if (await jsm.streams.getMessage(stream, { seq })) seqs.push(seq);
  }
  return seqs;
}

async function retry(bus: CliBus, seqs: readonly number[]) {
  const retried: Retried[] = [];
  const failed: { dlq_seq: number; error: string }[] = [];
  for (const seq of seqs) {
    try {
      const published = await retryDeadLetter(bus.js, bus.jsm, bus.topology, seq);
      retried.push({ dlq_seq: seq, ...published });
    } catch (error) {
      failed.push({ dlq_seq: seq, error: (error as Error).message });
    }
  }
  return { retried, failed };
}

/** `tender events dlq retry`: publishes dead letters again on their original subject. */
export function registerDlqRetryCommand(dlq: Command, ctx: OpsContext): void {
  dlq
    .command("retry [seq]")
    .description("publish a dead letter (or all) again on its original subject, and remove it from the DLQ")
    .option("--all", "retry every dead letter")
    .option("--json", 'print {"retried":[...],"failed":[...]} as JSON')
    .addHelpText(
      "after",
      `
SEQ is the sequence shown by \`tender events dlq list\`. Fix the cause first (the reason says
what failed): the event is published again and every consumer of its subject receives it; they
are idempotent, so one that had already handled it is not affected.

Examples:
  $ tender events dlq retry 42
  $ tender events dlq retry --all`,
    )
    .action(async (rawSeq: string | undefined, options: { all?: boolean; json?: boolean }) => {
      if (rawSeq !== undefined && options.all) throw new CliError("give either a SEQ or --all, not both");
      if (rawSeq === undefined && !options.all) {
        throw new CliError("say which dead letter to retry: a SEQ from `tender events dlq list`, or --all");
      }
      const one = rawSeq === undefined ? undefined : parseSequence(rawSeq, "SEQ");
      const result = await ctx.withBus(async (bus) => {
        const stream = bus.topology.names.dlqStream;
        if (one !== undefined && !(await bus.jsm.streams.getMessage(stream, { seq: one }))) {
          throw new CliError(
            `no dead letter has sequence ${one} in ${stream}; see \`tender events dlq list\``,
          );
        }
        return { stream, ...(await retry(bus, one === undefined ? await allSequences(bus) : [one])) };
      });
      if (options.json) {
        ctx.print(JSON.stringify({ retried: result.retried, failed: result.failed }));
      } else {
        for (const r of result.retried) {
          ctx.print(
            `retried dead letter ${r.dlq_seq}: published again on ${r.subject} (stream sequence ${r.seq})`,
          );
        }
        for (const f of result.failed) ctx.warn(`dead letter ${f.dlq_seq} was not retried: ${f.error}`);
        if (result.retried.length === 0 && result.failed.length === 0)
          ctx.print(`no dead letters in ${result.stream}`);
        else if (options.all) ctx.print(`retried ${result.retried.length} dead letter(s)`);
      }
      if (result.failed.length > 0) {
        throw new CliError(
          `${result.failed.length} dead letter(s) could not be retried; they stay in ${result.stream}`,
        );
      }
    });
}
