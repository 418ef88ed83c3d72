import type { StoredMsg } from "@nats-io/jetstream";
import {
  type Bus,
  type BusNames,
  type BusTopology,
  type BusTopologyOptions,
  busNames,
  busTopology,
  connectBus,
  ensureTopology,
} from "@tender/bus";
import { afterAll, beforeAll } from "vitest";
import { testNatsUrl, uniqueBusToken } from "./test-nats.js";

/** This test file's NATS connection, and the streams it leaves behind for `afterAll` to delete. */
export interface TestBusFixture {
  /** Open from this file's `beforeAll` until its `afterAll`. */
  readonly bus: Bus;
  /** Deletes the stream and dead-letter stream of `names` after the file's tests; returns `names`. */
  removeAfterAll(names: BusNames): BusNames;
  /** Creates a topology with names of its own, so no test sees another's messages; removed after the file. */
  freshTopology(options?: Omit<BusTopologyOptions, "names">): Promise<BusTopology>;
  /** Every message `stream` holds now, in stream order. */
  streamMessages(stream: string): Promise<StoredMsg[]>;
}

/**
 * Connects to the test run's NATS server (as client `name`) before this file's tests, and after
 * them deletes the streams it was given and closes. Call it at the top of the file, before the
 * file's own hooks; read `bus` only inside hooks and tests.
 */
export function useTestBus(name: string): TestBusFixture {
  let current: Bus | undefined;
  const streams = new Set<string>();
  beforeAll(async () => {
    current = await connectBus({ servers: testNatsUrl(), name });
  });
  afterAll(async () => {
    if (!current) return;
    for (const stream of streams) await current.jsm.streams.delete(stream).catch(() => {});
    await current.close();
  });
  const fixture: TestBusFixture = {
    get bus() {
      if (!current) throw new Error("the test bus is connected only inside hooks and tests");
      return current;
    },
    removeAfterAll(names) {
      streams.add(names.stream).add(names.dlqStream);
      return names;
    },
    async freshTopology(options = {}) {
      const topology = busTopology({
        ...options,
        names: fixture.removeAfterAll(busNames(`t${uniqueBusToken()}`)),
      });
      await ensureTopology(fixture.bus.jsm, topology);
      return topology;
    },
    async streamMessages(stream) {
      const { jsm } = fixture.bus;
      const { state } = await jsm.streams.info(stream);
      const out: StoredMsg[] = [];
      if (state.messages === 0) return out;
      for (let seq = state.first_seq; seq <= state.last_seq; seq += 1) {
        const m = await jsm.streams.getMessage(stream, { seq });
        if (m) out.push(m);
      }
      return out;
    },
  };
  return fixture;
}
