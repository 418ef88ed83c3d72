// Shared code of the Search benchmarks (bench/search/*.ts): database preparation, vector
// export, the C scan, the gateway process, percentiles. One file, because Node runs a .ts
// module only under its real name while tsc (no allowImportingTsExtensions here) wants .js:
// the entry scripts load it with a typed dynamic import.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { open, readFile, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import {
  createApiKey,
  createDb,
  fillCompactEmbeddings,
  migrateToLatest,
} from "../../packages/db/dist/index.js";

const root = new URL("../../", import.meta.url);
const fromDb = createRequire(new URL("packages/db/package.json", root));
const fromGateway = createRequire(new URL("services/gateway/package.json", root));

/** Repository root as a file URL (ends with /). */
export const REPO_ROOT = root;

export interface PgClient {
  connect(): Promise<void>;
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
  end(): Promise<void>;
}

interface PgModule {
  Client: new (config: { connectionString: string }) => PgClient;
}

/** node-postgres, as @tender/db has it. */
// The bench lives outside the workspace packages, so third-party modules are loaded from the
// package that depends on them, and typed here by what the bench uses.
export const pg = fromDb("pg") as PgModule;

export interface AutocannonResult {
  requests: { average: number; mean: number; total: number };
  latency: { p50: number; p90: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  duration: number;
}

export type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}) => Promise<AutocannonResult>;

/** autocannon, from the gateway's dev dependencies. */
export const autocannon = fromGateway("autocannon") as Autocannon;

/** Nearest-rank percentile of a non-empty list of numbers. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export interface Timing {
  p50: number;
  p95: number;
  runs: number;
}

/** Runs `task` `warmup` times unmeasured, then `runs` times, timing each in milliseconds. */
export async function time(task: () => Promise<unknown>, runs: number, warmup = 3): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await task();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await task();
    samples.push(performance.now() - start);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), runs };
}

/** Milliseconds with one decimal. */
export const ms = (value: number) => value.toFixed(1);

export const BENCH_SOURCE = "ted";
/** `embedding_model` of the seeded chunks: the fake provider's, which the bench gateway runs with. */
export const BENCH_MODEL = "fake-hash-1024";

/** `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function connect(url: string): Promise<PgClient> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Runs `work` with a connected client and closes it. */
export async function withClient<T>(url: string, work: (client: PgClient) => Promise<T>): Promise<T> {
  const client = await connect(url);
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Inserts `count` chunks with normalized random 1024-dim vectors, generated in SQL (10 chunks per
 * tender), in batches so that progress shows and memory stays bounded.
 */
async function seedRandomChunks(client: PgClient, count: number, log: (line: string) => void): Promise<void> {
  const { rows } = await client.query<{ id: string }>(
    "INSERT INTO sources (code) VALUES ($1) ON CONFLICT (code) DO UPDATE SET code = excluded.code RETURNING id",
    [BENCH_SOURCE],
  );
  const sourceId = rows[0]?.id;
  await client.query(
    `INSERT INTO tenders (source_id, external_id, title, buyer_name, published_at, source_url, content_hash, raw_payload)
     SELECT $1, 'B-' || g, 'Bench tender ' || g, 'Bench buyer', now(), 'https://example.org/bench/' || g,
            md5(g::text) || md5(g::text), '{}'
     FROM generate_series(0, $2::int) AS g`,
    [sourceId, Math.floor(count / 10)],
  );
  const batch = 10_000;
  for (let from = 0; from < count; from += batch) {
    const to = Math.min(count, from + batch) - 1;
    // `0 * g` ties each random vector to its row: otherwise PostgreSQL may compute one for all.
    await client.query(
      `INSERT INTO chunks (tender_id, chunk_key, content, embedding, embedding_model, position, section, content_hash)
       SELECT t.id, encode(sha256(convert_to('bench:' || g, 'UTF8')), 'hex'),
              'Bench chunk ' || g || ': road repair, school catering, harbour dredging.',
              v.embedding, $4, g, 'metadata',
              encode(sha256(convert_to('content:' || g, 'UTF8')), 'hex')
       FROM generate_series($1::int, $2::int) AS g
       JOIN tenders AS t ON t.source_id = $3 AND t.external_id = 'B-' || (g / 10)
       CROSS JOIN LATERAL (SELECT array_agg(random() - 0.5 + 0 * g + 0 * s.i) AS a FROM generate_series(1, 1024) AS s(i)) AS raw
       CROSS JOIN LATERAL (SELECT sqrt(sum(x * x)) AS norm FROM unnest(raw.a) AS x) AS n
       CROSS JOIN LATERAL (
         SELECT array_agg(u.x / n.norm ORDER BY u.i)::vector(1024) AS embedding
         FROM unnest(raw.a) WITH ORDINALITY AS u(x, i)
       ) AS v`,
      [from, to, sourceId, BENCH_MODEL],
    );
    log(`  seeded ${to + 1}/${count} chunks`);
  }
}

/**
 * A migrated database `tender_bench_search_<count>` holding exactly `count` random chunks
 * (kept between runs: seeding is skipped when the count already matches), vacuumed and
 * analyzed, with an API key whose allowance is never reached. Returns its URL and the key.
 */
export async function prepareBenchDatabase(
  adminUrl: string,
  count: number,
  log: (line: string) => void,
): Promise<{ url: string; key: string }> {
  const name = `tender_bench_search_${count}`;
  await withClient(adminUrl, async (admin) => {
    const { rows } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rows.length === 0) await admin.query(`CREATE DATABASE "${name}"`);
  });
  const url = withDatabase(adminUrl, name);
  const db = createDb(url, { max: 1 });
  try {
    await migrateToLatest(db);
    const key = (await createApiKey(db, { name: "bench", limitPerMinute: 2_000_000_000 })).key;
    await withClient(url, async (client) => {
      const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM chunks");
      if (rows[0]?.n !== count) {
        log(`seeding ${count} chunks into ${name}`);
        await client.query("TRUNCATE tenders, sources CASCADE");
        await seedRandomChunks(client, count, log);
      }
      // A corpus seeded before migration 0017 (or by another model name): compact vectors for every row.
      await client.query("UPDATE chunks SET embedding_model = $1 WHERE embedding_model <> $1", [BENCH_MODEL]);
      while ((await fillCompactEmbeddings(db, 10_000)) > 0) log("  filled 10,000 compact vectors");
      await client.query("VACUUM ANALYZE chunks");
      await client.query("VACUUM ANALYZE tenders");
    });
    return { url, key };
  } finally {
    await db.destroy();
  }
}

/**
 * Writes every chunk embedding (once: kept with its ids in `<path>.ids` while the count matches), ordered by chunk id, as raw little-endian float32 (1024 per
 * chunk) to `path`, read from the database in pgvector's binary form. Returns the chunk ids
 * in file order.
 */
export async function exportVectors(url: string, path: string): Promise<string[]> {
  const idsPath = `${path}.ids`;
  const cached = await readFile(idsPath, "utf8").then(
    (text) => text.split("\n").filter(Boolean),
    () => undefined,
  );
  const count = await withClient(
    url,
    async (c) => (await c.query<{ n: number }>("SELECT count(*)::int AS n FROM chunks")).rows[0]?.n,
  );
  if (cached && cached.length === count && (await stat(path)).size === count * 4096) return cached;
  const ids = await exportVectorsUncached(url, path);
  await writeFile(idsPath, ids.join("\n"));
  return ids;
}

async function exportVectorsUncached(url: string, path: string): Promise<string[]> {
  const client: PgClient = new pg.Client({ connectionString: url });
  await client.connect();
  const file = await open(path, "w");
  const ids: string[] = [];
  try {
    let last = "00000000-0000-0000-0000-000000000000";
    for (;;) {
      // vector_send is pgvector's binary output (uint16 dimension, uint16 unused, float4
      // big-endian values); as bytea, node-postgres hands it over as a Buffer.
      const { rows } = await client.query<{ id: string; embedding: Buffer }>(
        "SELECT id::text AS id, vector_send(embedding) AS embedding FROM chunks WHERE chunks.id > $1 ORDER BY chunks.id LIMIT 5000",
        [last],
      );
      if (rows.length === 0) break;
      const out = Buffer.alloc(rows.length * 1024 * 4);
      rows.forEach((row, r) => {
        const dims = row.embedding.readUInt16BE(0);
        if (dims !== 1024) throw new Error(`unexpected dimension ${dims}`);
        for (let j = 0; j < dims; j++)
          out.writeFloatLE(row.embedding.readFloatBE(4 + 4 * j), (r * 1024 + j) * 4);
        ids.push(row.id);
      });
      await file.write(out);
      last = ids[ids.length - 1] as string;
    }
  } finally {
    await file.close();
    await client.end();
  }
  return ids;
}

const run = promisify(execFile);

/** Compiles scan.c with `gcc -O3` into `binary`. */
export async function compileScan(binary: string): Promise<void> {
  await run("gcc", ["-O3", "-o", binary, new URL("scan.c", import.meta.url).pathname]);
}

/**
 * Times the C scan (one core) over the exported vectors for `query`: `repeats` full scans,
 * the first one unmeasured (it pages the file in). Returns the timing and the top-k file rows.
 */
export async function runScan(
  binary: string,
  vectorsPath: string,
  query: readonly number[],
  queryPath: string,
  repeats: number,
): Promise<Timing & { top: number[] }> {
  await writeFile(queryPath, Buffer.from(Float32Array.from(query).buffer));
  const { stdout } = await run(binary, [vectorsPath, queryPath, "1024", "10", String(repeats + 1)], {
    maxBuffer: 1 << 20,
  });
  const lines = stdout.trim().split("\n");
  const samples = lines.filter((l) => l.startsWith("ms ")).map((l) => Number(l.slice(3)));
  const top = lines.filter((l) => l.startsWith("top ")).map((l) => Number(l.split(" ")[1]));
  const measured = samples.slice(1);
  return { p50: percentile(measured, 50), p95: percentile(measured, 95), runs: measured.length, top };
}

/** The C scan as one process that holds the vectors in memory and scans once per `scan()`. */
export interface ScanProcess {
  /** One full scan; resolves with its milliseconds. */
  scan(): Promise<number>;
  /** The top-k file rows of the scans. */
  top: number[];
  stop(): void;
}

/** Starts the C scan (scan.c with repeats 0) over the exported vectors for `query`. */
export async function startScan(
  binary: string,
  vectorsPath: string,
  query: readonly number[],
  queryPath: string,
): Promise<ScanProcess> {
  await writeFile(queryPath, Buffer.from(Float32Array.from(query).buffer));
  const child = spawn(binary, [vectorsPath, queryPath, "1024", "10", "0"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const top: number[] = [];
  let waiting: { resolve: (ms: number) => void; reject: (error: Error) => void } | undefined;
  lines.on("line", (line) => {
    if (line.startsWith("top ")) top.push(Number(line.split(" ")[1]));
    if (line.startsWith("ms ")) waiting?.resolve(Number(line.slice(3)));
  });
  child.once("exit", (code) => waiting?.reject(new Error(`the C scan exited with ${code}`)));
  return {
    top,
    scan: () =>
      new Promise<number>((resolve, reject) => {
        waiting = { resolve, reject };
        child.stdin?.write("scan\n");
      }),
    stop: () => child.stdin?.end(),
  };
}

export interface GatewayProcess {
  url: string;
  /** CPU time (user + system) the gateway process has used so far, in seconds (Linux /proc). */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

// utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second on Linux).
function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Starts the built gateway (`services/gateway/dist/main.js`) as its own process on a free port
 * with the fake AI provider, and resolves once it listens. Its access log is read and dropped.
 */
export async function startGateway(env: Record<string, string>): Promise<GatewayProcess> {
  const main = new URL("services/gateway/dist/main.js", REPO_ROOT).pathname;
  const child: ChildProcess = spawn(process.execPath, [main], {
    // METRICS_PORT 0: no metrics listener, so several gateways can run side by side.
    env: {
      PATH: process.env.PATH ?? "",
      PORT: "0",
      METRICS_PORT: "0",
      HOST: "127.0.0.1",
      AI_PROVIDER: "fake",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on("line", (line) => {
      if (line.includes('"gateway listening"')) resolve(JSON.parse(line).port);
    });
    child.once("exit", (code) => reject(new Error(`gateway exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    cpuSeconds: () => processCpuSeconds(child.pid as number),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
