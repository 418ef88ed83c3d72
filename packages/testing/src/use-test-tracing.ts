import { InMemorySpanExporter, type ReadableSpan } from "@opentelemetry/sdk-trace";
import { startTracing, type Tracing } from "@tender/observability";
import { afterAll, beforeAll, beforeEach } from "vitest";

/** The spans this test file's process ended, exported to memory. */
export interface TestTracingFixture {
  /** Every span ended since the current test began (flushed first). */
  spans(): Promise<ReadableSpan[]>;
  /** The one ended span named `name`; throws when there is none or more than one. */
  span(name: string): Promise<ReadableSpan>;
}

/**
 * Starts tracing with an in-memory exporter before this file's tests (process-global, as in a
 * service's main.ts) and stops it after them; each test starts with no spans.
 */
export function useTestTracing(serviceName = "test"): TestTracingFixture {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing | undefined;
  beforeAll(() => {
    tracing = startTracing({ serviceName }, { exporter });
  });
  afterAll(async () => {
    await tracing?.shutdown();
  });
  beforeEach(() => exporter.reset());
  const fixture: TestTracingFixture = {
    async spans() {
      await tracing?.flush();
      return exporter.getFinishedSpans();
    },
    async span(name) {
      const found = (await fixture.spans()).filter((s) => s.name === name);
      if (found.length !== 1) throw new Error(`expected one span named "${name}", found ${found.length}`);
      return found[0] as ReadableSpan;
    },
  };
  return fixture;
}
