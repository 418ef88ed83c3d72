import { randomUUID } from "node:crypto";
import { context } from "@opentelemetry/api";
import { Traceparent } from "@tender/contracts";
import { traceparentArb, traceparentCandidateArb } from "@tender/contracts/testing";
import { contextFromTraceparent } from "@tender/observability";
import { useTestDatabase, useTestTracing } from "@tender/testing";
import fc from "fast-check";
import * as v from "valibot";
import { beforeEach, describe, expect, it } from "vitest";
import { enqueueTenderChanged } from "./enqueue-tender-changed.js";
import { insertOutboxEvent } from "./outbox.repository.js";

useTestTracing();
const testDb = useTestDatabase();

beforeEach(async () => {
  await testDb.db.deleteFrom("outbox").execute();
});

async function stores(traceparent: string): Promise<boolean> {
  return insertOutboxEvent(testDb.db, {
    eventId: randomUUID(),
    subject: "t.x",
    payload: {},
    traceparent,
  }).then(
    () => true,
    () => false,
  );
}

describe("outbox.traceparent", () => {
  it("stores exactly what the Traceparent contract accepts", async () => {
    const seen = { stored: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(traceparentCandidateArb, async (candidate) => {
        const stored = await stores(candidate);
        expect(stored, JSON.stringify(candidate)).toBe(v.is(Traceparent, candidate));
        seen[stored ? "stored" : "refused"] += 1;
      }),
      { numRuns: 300 },
    );
    // The run must have seen both kinds for the property to mean anything.
    expect(seen.stored).toBeGreaterThan(10);
    expect(seen.refused).toBeGreaterThan(10);
  });

  it("keeps the traceparent of the span active when the event is enqueued, none outside a span", async () => {
    const [traceparent] = fc.sample(traceparentArb, { numRuns: 1, seed: 7 });
    // A remote parent is enough: the column takes the active span context as it is.
    await context.with(contextFromTraceparent(traceparent), () =>
      enqueueTenderChanged(testDb.db, { tenderId: randomUUID(), contentHash: "a".repeat(64) }),
    );
    await enqueueTenderChanged(testDb.db, { tenderId: randomUUID(), contentHash: "b".repeat(64) });
    const rows = await testDb.db.selectFrom("outbox").select("traceparent").orderBy("id").execute();
    expect(rows.map((r) => r.traceparent)).toEqual([traceparent, null]);
  });
});
