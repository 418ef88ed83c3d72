import type { Bus, BusTopology } from "@tender/bus";
import { catalogEntries } from "@tender/bus";
import type { Database } from "@tender/db";
import { Gauge, type Registry } from "@tender/observability";
import { type Kysely, sql } from "kysely";

interface Snapshot {
  consumers: { consumer: string; pending: number; ackPending: number; redelivered: number }[];
  deadLetters: { stream: string; messages: number }[];
  outbox: { backlog: number; oldestAgeSeconds: number } | undefined;
}

/** What the server and the database say now; a part that fails is left out of this scrape. */
async function takeSnapshot(
  db: Kysely<Database>,
  bus: Pick<Bus, "jsm">,
  topology: BusTopology,
): Promise<Snapshot> {
  const entries = catalogEntries(topology.catalog);
  const consumers = await Promise.all(
    entries.flatMap((entry) =>
      entry.consumers.map(async (consumer) => {
        const info = await bus.jsm.consumers.info(entry.stream, consumer).catch(() => undefined);
        return info
          ? [
              {
                consumer,
                pending: info.num_pending,
                ackPending: info.num_ack_pending,
                redelivered: info.num_redelivered,
              },
            ]
          : [];
      }),
    ),
  );
  const dlqStreams = [...new Set(entries.map((e) => e.dlqStream))];
  const deadLetters = await Promise.all(
    dlqStreams.map(async (stream) => {
      const info = await bus.jsm.streams.info(stream).catch(() => undefined);
      return info ? [{ stream, messages: info.state.messages }] : [];
    }),
  );
  const outbox = await sql<{ backlog: number; oldest: number | null }>`
    SELECT count(*)::int AS backlog,
           extract(epoch FROM clock_timestamp() - min(created_at))::float8 AS oldest
    FROM outbox WHERE published_at IS NULL`
    .execute(db)
    .then(({ rows }) => ({ backlog: rows[0]?.backlog ?? 0, oldestAgeSeconds: rows[0]?.oldest ?? 0 }))
    .catch(() => undefined);
  return { consumers: consumers.flat(), deadLetters: deadLetters.flat(), outbox };
}

/**
 * The gauges every worker serves, read from NATS and the database at each scrape:
 * `tender_consumer_pending`, `tender_consumer_ack_pending`, `tender_consumer_redelivered`
 * (label `consumer`), `tender_dead_letters` (label `stream`), `tender_outbox_backlog` and
 * `tender_outbox_oldest_age_seconds`.
 */
export function registerWorkerMetrics(
  registry: Registry,
  deps: { db: Kysely<Database>; bus: Pick<Bus, "jsm">; topology: BusTopology },
): void {
  // One snapshot serves every gauge of a scrape (they are collected at once).
  let current: { at: number; snapshot: Promise<Snapshot> } | undefined;
  const snapshot = () => {
    if (!current || Date.now() - current.at > 1_000) {
      current = { at: Date.now(), snapshot: takeSnapshot(deps.db, deps.bus, deps.topology) };
    }
    return current.snapshot;
  };
  const gauge = (name: string, help: string, labelNames: string[], fill: (g: Gauge, s: Snapshot) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const taken = await snapshot();
        this.reset();
        fill(this, taken);
      },
    });
  const perConsumer = [
    ["tender_consumer_pending", "Messages not yet delivered to the consumer.", "pending"],
    ["tender_consumer_ack_pending", "Messages delivered and not yet acknowledged.", "ackPending"],
    [
      "tender_consumer_redelivered",
      "Messages delivered more than once and not yet acknowledged.",
      "redelivered",
    ],
  ] as const;
  for (const [name, help, field] of perConsumer) {
    gauge(name, help, ["consumer"], (g, s) => {
      for (const c of s.consumers) g.set({ consumer: c.consumer }, c[field]);
    });
  }
  gauge("tender_dead_letters", "Messages in the dead-letter stream.", ["stream"], (g, s) => {
    for (const d of s.deadLetters) g.set({ stream: d.stream }, d.messages);
  });
  gauge("tender_outbox_backlog", "Outbox events not yet published.", [], (g, s) => {
    if (s.outbox) g.set(s.outbox.backlog);
  });
  gauge(
    "tender_outbox_oldest_age_seconds",
    "Age of the oldest unpublished outbox event (0 when none).",
    [],
    (g, s) => {
      if (s.outbox) g.set(s.outbox.oldestAgeSeconds);
    },
  );
}
