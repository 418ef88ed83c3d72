import { randomUUID } from "node:crypto";
import {
  type Bus,
  busNames,
  busTopology,
  connectBus,
  ensureTopology,
  listDeadLetters,
  PermanentError,
  runConsumer,
} from "@tender/bus";
import { testNatsUrl, uniqueBusToken } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runCaptured } from "../run-captured.js";

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const prefix = `t${uniqueBusToken()}`;
const topology = busTopology({ names: busNames(prefix) });
const { names } = topology;
const controller = new AbortController();
let bus: Bus;
let env: Record<string, string>;
let consumer: Promise<void>;
/** Event ids the indexer handler refuses (a "poison" message until the bug is fixed). */
const poisoned = new Set<string>();
const handled: string[] = [];

/** A valid tender.changed.v1 event. */
function event() {
  return {
    schema_version: 1 as const,
    event_id: randomUUID(),
    occurred_at: new Date().toISOString(),
    tender_id: randomUUID(),
    content_hash: "c".repeat(64),
  };
}

async function deadLetterCount(): Promise<number> {
  return (await bus.jsm.streams.info(names.dlqStream)).state.messages;
}

async function waitForDeadLetters(count: number): Promise<void> {
  await vi.waitFor(async () => expect(await deadLetterCount()).toBe(count), {
    timeout: 20_000,
    interval: 50,
  });
}

const dlq = (...args: string[]) => runCaptured(["events", "dlq", ...args], env);

beforeAll(async () => {
  bus = await connectBus({ servers: testNatsUrl(), name: "cli-dlq-test" });
  await ensureTopology(bus.jsm, topology);
  env = { NATS_URL: testNatsUrl(), BUS_PREFIX: prefix };
  consumer = runConsumer({
    js: bus.js,
    entry: topology.catalog.tenderChanged,
    consumer: names.consumers.indexer,
    handler: async (e) => {
      if (poisoned.has(e.event_id)) throw new PermanentError(`tender ${e.tender_id} cannot be indexed`);
      handled.push(e.event_id);
    },
    logger: silent,
    signal: controller.signal,
    pullExpiresMs: 1_000,
  });
});

afterAll(async () => {
  controller.abort();
  await consumer;
  for (const stream of [names.stream, names.dlqStream]) await bus.jsm.streams.delete(stream).catch(() => {});
  await bus.close();
});

describe("tender events dlq", () => {
  const events = [event(), event(), event()];

  it("list shows nothing when the dead-letter stream is empty", async () => {
    expect(await dlq("list")).toEqual({
      code: 0,
      stdout: `no dead letters in ${names.dlqStream}\n`,
      stderr: "",
    });
    expect(await dlq("list", "--json")).toEqual({ code: 0, stdout: "[]\n", stderr: "" });
  });

  it("list shows each dead letter with its reason, consumer and original sequence", async () => {
    for (const e of events) poisoned.add(e.event_id);
    for (const e of events) await bus.js.publish(names.subject, JSON.stringify(e), { msgID: e.event_id });
    await waitForDeadLetters(3);

    const json = await dlq("list", "--json");
    expect(json.code).toBe(0);
    const letters = JSON.parse(json.stdout);
    expect(letters).toHaveLength(3);
    expect(letters[0]).toEqual({
      seq: 1,
      dead_lettered_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      consumer: "indexer",
      reason: expect.stringContaining(`tender ${events[0]?.tender_id} cannot be indexed`),
      original_subject: names.subject,
      original_stream: names.stream,
      original_seq: 1,
      delivery_count: 1,
      payload: JSON.stringify(events[0]),
    });
    expect(letters.map((l: { original_seq: number }) => l.original_seq)).toEqual([1, 2, 3]);

    const table = await dlq("list", "--limit", "2");
    expect(table.code).toBe(0);
    const [title, header, ...rows] = table.stdout.trimEnd().split("\n");
    expect(title).toBe(`${names.dlqStream} holds 3 dead letters; the oldest 2:`);
    expect(header?.split(/\s{2,}/)).toEqual([
      "SEQ",
      "DEAD-LETTERED AT",
      "CONSUMER",
      "ORIGINAL SEQ",
      "DELIVERIES",
      "REASON",
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.split(/\s{2,}/).slice(0, 1)).toEqual(["2"]);
    expect(rows[1]).toMatch(/\s+indexer\s+2\s+1\s+.*cannot be indexed/);
  });

  it("retry SEQ re-delivers one fixed poison message and removes it from the DLQ", async () => {
    const [first] = events;
    poisoned.delete(first?.event_id ?? "");
    const { code, stdout, stderr } = await dlq("retry", "1");
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toBe(`retried dead letter 1: published again on ${names.subject} (stream sequence 4)\n`);
    await vi.waitFor(() => expect(handled).toEqual([first?.event_id]), { timeout: 20_000 });
    expect((await listDeadLetters(bus.jsm, topology)).map((d) => d.seq)).toEqual([2, 3]);
  });

  it("retry refuses an unknown SEQ, a missing SEQ, and SEQ with --all", async () => {
    expect(await dlq("retry", "1")).toEqual({
      code: 1,
      stdout: "",
      stderr: `error: no dead letter has sequence 1 in ${names.dlqStream}; see \`tender events dlq list\`\n`,
    });
    expect((await dlq("retry")).stderr).toBe(
      "error: say which dead letter to retry: a SEQ from `tender events dlq list`, or --all\n",
    );
    expect((await dlq("retry", "2", "--all")).stderr).toBe("error: give either a SEQ or --all, not both\n");
    expect((await dlq("retry", "two")).stderr).toMatch(/^error: SEQ must be a stream sequence number/);
    expect(await deadLetterCount()).toBe(2);
  });

  it("retry --all re-delivers every dead letter", async () => {
    for (const e of events) poisoned.delete(e.event_id);
    const { code, stdout } = await dlq("retry", "--all", "--json");
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      retried: [
        { dlq_seq: 2, subject: names.subject, seq: 5 },
        { dlq_seq: 3, subject: names.subject, seq: 6 },
      ],
      failed: [],
    });
    await vi.waitFor(() => expect(handled).toEqual(events.map((e) => e.event_id)), { timeout: 20_000 });
    expect(await deadLetterCount()).toBe(0);
    expect(await dlq("retry", "--all")).toEqual({
      code: 0,
      stdout: `no dead letters in ${names.dlqStream}\n`,
      stderr: "",
    });
  });

  it("purge asks for --yes, then deletes every dead letter", async () => {
    // Not JSON at all: dead-lettered at once by validation.
    await bus.js.publish(names.subject, "not json 1");
    await bus.js.publish(names.subject, "not json 2");
    await waitForDeadLetters(2);

    const refused = await dlq("purge");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `error: this deletes 2 dead letter(s) from ${names.dlqStream} for good; run again with --yes (see them first: tender events dlq list)\n`,
    );
    expect(await deadLetterCount()).toBe(2);

    expect(await dlq("purge", "--yes", "--json")).toEqual({
      code: 0,
      stdout: `${JSON.stringify({ stream: names.dlqStream, purged: 2 })}\n`,
      stderr: "",
    });
    expect(await deadLetterCount()).toBe(0);
    expect((await dlq("purge")).stdout).toBe(`no dead letters in ${names.dlqStream}; nothing to purge\n`);
    // The main stream is untouched.
    expect((await bus.jsm.streams.info(names.stream)).state.messages).toBe(8);
  });
});
