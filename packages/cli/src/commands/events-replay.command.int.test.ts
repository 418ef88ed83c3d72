import { setTimeout as sleep } from "node:timers/promises";
import { AckPolicy, DeliverPolicy } from "@nats-io/jetstream";
import { busNames, busTopology, consumerConfigs, ensureTopology } from "@tender/bus";
import { testNatsUrl, uniqueBusToken, useTestBus } from "@tender/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { runCaptured } from "../run-captured.js";

const prefix = `t${uniqueBusToken()}`;
const topology = busTopology({ names: busNames(prefix) });
const { names } = topology;
const indexerConfig = consumerConfigs(topology).find((c) => c.config.durable_name === "indexer")?.config;
const t = useTestBus("cli-replay-test");
t.removeAfterAll(names);
let env: Record<string, string>;

/**
 * Pulls exactly `count` messages from `consumer` (or fewer when none come within 5 s), acknowledges
 * them and returns their stream sequences.
 */
async function take(consumer: string, count: number): Promise<number[]> {
  const c = await t.bus.js.consumers.get(names.stream, consumer);
  const seqs: number[] = [];
  while (seqs.length < count) {
    const batch = await c.fetch({ max_messages: count - seqs.length, expires: 5_000 });
    const before = seqs.length;
    for await (const m of batch) {
      seqs.push(m.seq);
      await m.ackAck();
    }
    if (seqs.length === before) break;
  }
  return seqs;
}

/** Nothing left to deliver or to acknowledge. */
async function expectCaughtUp(consumer: string): Promise<void> {
  const info = await t.bus.jsm.consumers.info(names.stream, consumer);
  expect([info.num_pending, info.num_ack_pending]).toEqual([0, 0]);
}

beforeAll(async () => {
  await ensureTopology(t.bus.jsm, topology);
  for (let i = 1; i <= 5; i++) await t.bus.js.publish(names.subject, JSON.stringify({ i }));
  env = { NATS_URL: testNatsUrl(), BUS_PREFIX: prefix };
});

describe("tender events replay", () => {
  it("after a lost consumer, recreates it and re-delivers from the given sequence", async () => {
    expect(await take("indexer", 5)).toEqual([1, 2, 3, 4, 5]);
    await expectCaughtUp("indexer");
    await t.bus.jsm.consumers.delete(names.stream, "indexer");

    const { code, stdout, stderr } = await runCaptured(
      ["events", "replay", "--consumer", "indexer", "--from-seq", "3"],
      env,
    );
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        `Created the missing consumer "indexer" on stream ${names.stream}, delivering from stream sequence 3.`,
        "3 event(s) will be delivered again (the stream holds sequences 1..5);",
        "running indexer instances pick them up on their next pull.",
        "",
      ].join("\n"),
    );
    const info = await t.bus.jsm.consumers.info(names.stream, "indexer");
    // Same configuration as ensureTopology gives it, except where delivery starts.
    expect(info.config).toMatchObject({
      ...indexerConfig,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: 3,
    });
    expect(info.config.ack_policy).toBe(AckPolicy.Explicit);
    expect(await take("indexer", 3)).toEqual([3, 4, 5]);
    await expectCaughtUp("indexer");
    // The other consumer is untouched.
    expect((await t.bus.jsm.consumers.info(names.stream, "downloader")).num_pending).toBe(5);
  });

  it("--since replays from the first event stored at or after that time, replacing the live consumer", async () => {
    await sleep(20);
    await t.bus.js.publish(names.subject, JSON.stringify({ i: 6 }));
    await t.bus.js.publish(names.subject, JSON.stringify({ i: 7 }));
    expect(await take("indexer", 2)).toEqual([6, 7]);
    const sixth = await t.bus.jsm.streams.getMessage(names.stream, { seq: 6 });
    const since = sixth?.time.toISOString() ?? "";

    const { code, stdout } = await runCaptured(
      ["events", "replay", "--consumer", "indexer", "--since", since, "--json"],
      env,
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      consumer: "indexer",
      stream: names.stream,
      deliver_policy: "by_start_time",
      opt_start_time: since,
      replaced_existing: true,
      num_pending: 2,
      stream_first_seq: 1,
      stream_last_seq: 7,
    });
    expect(await take("indexer", 2)).toEqual([6, 7]);
    await expectCaughtUp("indexer");
  });

  it("a service starting after a replay (ensureTopology) keeps the replayed consumer", async () => {
    expect(
      (await runCaptured(["events", "replay", "--consumer", "indexer", "--from-seq", "7"], env)).code,
    ).toBe(0);
    await ensureTopology(t.bus.jsm, topology);
    const info = await t.bus.jsm.consumers.info(names.stream, "indexer");
    expect(info.config.opt_start_seq).toBe(7);
    expect(info.num_pending).toBe(1);
  });

  it("says when the stream does not exist, without creating anything", async () => {
    const other = `t${uniqueBusToken()}`;
    const { code, stderr } = await runCaptured(
      ["events", "replay", "--consumer", "downloader", "--from-seq", "1"],
      { ...env, BUS_PREFIX: other },
    );
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^error: a stream does not exist on NATS at nats:\/\/[^ ]+ \(.*\) — start any service once/,
    );
    await expect(t.bus.jsm.streams.info(busNames(other).stream)).rejects.toThrow(/stream not found/);
  });
});
