// Outbox relay throughput: N events in the outbox, one relay publishing them to JetStream until
// the outbox is empty. "sequential" is the relay step as it was before pipelining (one publish,
// wait for its ack, the next); "pipelined" is relayOutboxOnce (the batch's publishes sent at
// once, the acks awaited together). The two run interleaved, on a fresh database each time.
// Usage (after `pnpm build`): node bench/outbox/relay.ts [events, default 5000] [rounds, default 3]
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database.
import { randomBytes, randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import {
  busNames,
  busTopology,
  connectBus,
  ensureTopology,
  type OutboxPublisher,
  type OutboxStore,
  relayOutboxOnce,
} from "../../packages/bus/dist/index.js";
import { countUnpublishedOutbox, enqueueTenderChanged } from "../../packages/db/dist/index.js";
import { outboxStore } from "../../packages/worker/dist/index.js";

const scratch = (await import(`../scratch-database${".ts"}`)) as typeof import("../scratch-database.js");

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const natsUrl = process.env.NATS_URL ?? "nats://127.0.0.1:4222";
const events = Number(process.argv[2] ?? 5000);
const rounds = Number(process.argv[3] ?? 3);
const BATCH = 100;
const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** The relay step before pipelining: one publish at a time, in order. */
async function sequentialOnce(outbox: OutboxStore, js: OutboxPublisher): Promise<number> {
  return outbox.withClaimedBatch(BATCH, async (claim) => {
    const published: number[] = [];
    for (const row of claim.events) {
      await js.publish(row.subject, JSON.stringify(row.payload), { msgID: row.event_id, timeout: 5_000 });
      published.push(row.id);
    }
    await claim.markPublished(published);
    return published.length;
  });
}

async function run(variant: "sequential" | "pipelined"): Promise<number> {
  const { db, drop } = await scratch.createScratchDatabase(adminUrl, "tender_bench_outbox");
  const bus = await connectBus({ servers: natsUrl, name: "bench-outbox" });
  const topology = busTopology({ names: busNames(`bo${randomBytes(4).toString("hex")}`) });
  try {
    await ensureTopology(bus.jsm, topology);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < events; i++) {
        await enqueueTenderChanged(trx, {
          tenderId: randomUUID(),
          contentHash: i.toString(16).padStart(64, "0"),
          subject: topology.names.subject,
        });
      }
    });
    const outbox = outboxStore(db);
    const t0 = performance.now();
    for (;;) {
      const n =
        variant === "pipelined"
          ? await relayOutboxOnce({ outbox, js: bus.js, logger: silent, batchSize: BATCH })
          : await sequentialOnce(outbox, bus.js);
      if (n === 0) break;
    }
    const seconds = (performance.now() - t0) / 1000;
    if ((await countUnpublishedOutbox(db)) !== 0) throw new Error("events left in the outbox");
    const stored = (await bus.jsm.streams.info(topology.names.stream)).state.messages;
    if (stored !== events) throw new Error(`${stored} messages stored, expected ${events}`);
    return events / seconds;
  } finally {
    for (const stream of [topology.names.stream, topology.names.dlqStream])
      await bus.jsm.streams.delete(stream).catch(() => {});
    await bus.close();
    await drop();
  }
}

console.log(`${events} events, batches of ${BATCH}, one relay, interleaved runs`);
for (let r = 1; r <= rounds; r++) {
  for (const variant of ["sequential", "pipelined"] as const) {
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    const rate = await run(variant);
    console.log(`round ${r} ${variant}: ${rate.toFixed(0)} events/s (load average before: ${load})`);
  }
}
