// Streamed Ask (docs/api.md#streaming-ask): time to first byte, to the first delta and to the end, through
// the built gateway (dist/main.js) with the fake provider and with a local Ollama-protocol test
// model server that emits a scripted answer at a fixed rate; and the gateway's overhead per
// token, from the same answer read straight from the test server (interleaved A/B runs).
// Usage (after `pnpm build`): node bench/gateway/ask-stream.ts [runs, default 20] [tokens, default 200] [gap ms, default 10]
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database.
import { loadavg } from "node:os";
// Test helpers are not compiled (the production build leaves them out): Node runs their sources.
import { scriptedStream } from "../../packages/ai/src/testing/scripted-stream.ts";
import { correctProtocols, startTestModelServer } from "../../packages/ai/src/testing/test-model-server.ts";

const lib = (await import(`../search/bench-lib${".ts"}`)) as typeof import("../search/bench-lib.js");

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const runs = Number(process.argv[2] ?? 20);
const tokens = Number(process.argv[3] ?? 200);
const gapMs = Number(process.argv[4] ?? 10);
const FAST_TOKENS = 2_000;
const log = (line: string) => console.log(line);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** When the bytes of one streamed answer arrived, in ms from the request. */
interface Sample {
  firstByte: number;
  firstToken: number;
  total: number;
}

/** Reads a response to its end, noting the first byte and the first chunk holding `marker`. */
async function timed(start: number, response: Response, marker: string): Promise<Sample> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let firstByte = -1;
  let firstToken = -1;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const now = performance.now() - start;
    if (firstByte < 0) firstByte = now;
    if (firstToken < 0 && decoder.decode(value, { stream: true }).includes(marker)) firstToken = now;
  }
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return { firstByte, firstToken, total: performance.now() - start };
}

const { url: databaseUrl, key } = await lib.prepareBenchDatabase(adminUrl, 1_000, log);
let pieces: string[] = [];
let gap = 0;
const models = correctProtocols(["e", "c"]);
const server = await startTestModelServer((request) =>
  request.path === "/api/chat"
    ? { script: scriptedStream("ollama", pieces, { gapMs: gap }) }
    : models(request),
);
const common = { DATABASE_URL: databaseUrl, MIN_RELEVANCE_SCORE: "-1", LOG_LEVEL: "warn" };
const fake = await lib.startGateway({ ...common, LOG_LEVEL: "info" });
const live = await lib.startGateway({
  ...common,
  LOG_LEVEL: "info",
  AI_PROVIDER: "ollama",
  AI_BASE_URL: server.url,
  AI_EMBED_MODEL: "e",
  AI_CHAT_MODEL: "c",
});

const ask = async (gateway: string, stream: boolean): Promise<Sample> => {
  const start = performance.now();
  const response = await fetch(`${gateway}/api/v1/ask`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-api-key": key,
      ...(stream ? { accept: "text/event-stream" } : {}),
    },
    body: JSON.stringify({ query: "road repair in the harbour", limit: 5 }),
  });
  return timed(start, response, stream ? "event: delta" : "answer");
};
const direct = async (): Promise<Sample> => {
  const start = performance.now();
  const response = await fetch(`${server.url}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "c", messages: [], stream: true }),
  });
  return timed(start, response, "content");
};

const cases: Record<string, { setup: () => void; run: () => Promise<Sample> }> = {
  "fake, JSON": { setup: () => {}, run: () => ask(fake.url, false) },
  "fake, streamed": { setup: () => {}, run: () => ask(fake.url, true) },
  [`model ${tokens} tokens / ${gapMs} ms, streamed`]: {
    setup: () => {
      pieces = Array.from({ length: tokens }, (_, i) => `w${i} `);
      gap = gapMs;
    },
    run: () => ask(live.url, true),
  },
  [`model ${tokens} tokens / ${gapMs} ms, read directly`]: {
    setup: () => {
      pieces = Array.from({ length: tokens }, (_, i) => `w${i} `);
      gap = gapMs;
    },
    run: direct,
  },
  [`model ${FAST_TOKENS} tokens at once, streamed`]: {
    setup: () => {
      pieces = Array.from({ length: FAST_TOKENS }, (_, i) => `w${i} `);
      gap = 0;
    },
    run: () => ask(live.url, true),
  },
  [`model ${FAST_TOKENS} tokens at once, read directly`]: {
    setup: () => {
      pieces = Array.from({ length: FAST_TOKENS }, (_, i) => `w${i} `);
      gap = 0;
    },
    run: direct,
  },
};

log(`== streamed Ask, ${runs} interleaved runs after 3 warm-ups (load average before: ${load()})`);
const samples = new Map<string, Sample[]>(Object.keys(cases).map((name) => [name, []]));
try {
  for (let round = -3; round < runs; round++) {
    for (const [name, c] of Object.entries(cases)) {
      c.setup();
      const sample = await c.run();
      if (round >= 0) samples.get(name)?.push(sample);
    }
  }
} finally {
  await fake.stop();
  await live.stop();
  await server.close();
}

const p = (list: Sample[], field: keyof Sample, q: number) =>
  lib.ms(
    lib.percentile(
      list.map((s) => s[field]),
      q,
    ),
  );
log("| case | first byte p50 | first token p50 | total p50 | total p90 |");
log("|---|---|---|---|---|");
for (const [name, list] of samples) {
  log(
    `| ${name} | ${p(list, "firstByte", 50)} ms | ${p(list, "firstToken", 50)} ms | ${p(list, "total", 50)} ms | ${p(list, "total", 90)} ms |`,
  );
}
// After the first token, both read the same answer: the difference is the gateway's work per token.
const streamingPart = (name: string) =>
  lib.percentile(
    (samples.get(name) ?? []).map((s) => s.total - s.firstToken),
    50,
  );
const perToken = (count: number, via: string, straight: string) =>
  ((streamingPart(via) - streamingPart(straight)) / (count - 1)) * 1000;
log(
  `gateway overhead per token: ${perToken(FAST_TOKENS, `model ${FAST_TOKENS} tokens at once, streamed`, `model ${FAST_TOKENS} tokens at once, read directly`).toFixed(1)} µs (tokens at once), ` +
    `${perToken(tokens, `model ${tokens} tokens / ${gapMs} ms, streamed`, `model ${tokens} tokens / ${gapMs} ms, read directly`).toFixed(1)} µs (tokens every ${gapMs} ms)`,
);
log(`load average after: ${load()}`);
