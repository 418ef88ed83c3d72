// Email digests at scale: N saved searches with a confirmed daily digest due at the same hour
// (this hour, UTC), each with 3 new matches and 1 tender closing within 7 days, and the built
// notifier (dist/main.js, default email settings unless given) mailing them to a local SMTP
// sink on 127.0.0.1. Measures the time from the notifier's start until the sink has accepted
// every digest, and the notifier's peak RSS (sampled from /proc every 200 ms).
// Usage (after `pnpm build`): node bench/notifier/digest.ts [saved searches, default 1000] [EMAIL_CONCURRENCY, default 8]
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { startSmtpSink } from "../../packages/smtp-sink/dist/index.js";

const scratch = (await import(`../scratch-database${".ts"}`)) as typeof import("../scratch-database.js");
const lib = (await import(`./notifier-bench-lib${".ts"}`)) as typeof import("./notifier-bench-lib.js");
const wait = (await import(`../wait-until${".ts"}`)) as typeof import("../wait-until.js");
const benchEnv = (await import(`../service-env${".ts"}`)) as typeof import("../service-env.js");

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const natsUrl = process.env.NATS_URL ?? "nats://127.0.0.1:4222";
const size = Number(process.argv[2] ?? 1000);
const concurrency = process.argv[3] ?? "8";
const MAIN = new URL("../../services/notifier/dist/main.js", import.meta.url).pathname;
const TIME_LIMIT_MS = 15 * 60_000;
const TENDERS = 40;

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

const { url, db, drop } = await scratch.createScratchDatabase(adminUrl, "tender_bench_digest");
const sink = await startSmtpSink({ parse: false });
const client = await scratch.connect(url);
let child: ChildProcess | undefined;
try {
  const seeded = await lib.seedIndexedTenders(db, TENDERS);
  await lib.replaceSavedSearches(db, size);
  const ids = seeded.map((t) => t.id);
  // Deadlines: a few days ahead, so each digest also lists one tender closing within 7 days.
  await client.query("UPDATE tenders SET deadline = now() + interval '3 days'");
  // Every channel confirmed yesterday, its daily digest due at this hour today.
  await client.query(`
    INSERT INTO email_channels
      (saved_search_id, address, frequency, hour_utc, status, confirmed_at, digested_through)
    SELECT id, 'reader-' || left(id::text, 8) || '@example.org', 'daily',
           extract(hour FROM now() AT TIME ZONE 'UTC')::int, 'confirmed',
           now() - interval '2 days', now() - interval '1 day'
    FROM saved_searches`);
  // 3 new matches per saved search, and 1 older match (before the period) closing soon.
  await client.query(
    `
    INSERT INTO saved_search_matches (saved_search_id, tender_id, content_hash, score, snippet, matched_at)
    SELECT ss.id, ($1::uuid[])[1 + ((abs(hashtext(ss.id::text)) + k) % $2)],
           repeat(k::text, 64), 0.5 + k / 10.0,
           'Repair and maintenance of asphalt roads and bridges, lot ' || k || '.',
           CASE WHEN k = 0 THEN now() - interval '3 days' ELSE now() - interval '2 hours' END
    FROM saved_searches AS ss CROSS JOIN generate_series(0, 3) AS k
    ON CONFLICT DO NOTHING`,
    [ids, ids.length],
  );

  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
  const t0 = performance.now();
  child = spawn(process.execPath, [MAIN], {
    env: {
      ...benchEnv.benchServiceEnv({
        databaseUrl: url,
        natsUrl,
        busPrefix: `bd${randomBytes(4).toString("hex")}`,
      }),
      WEBHOOK_SECRET_KEY: randomBytes(32).toString("base64"),
      SMTP_URL: sink.url,
      MAIL_FROM: "alerts@example.org",
      PUBLIC_BASE_URL: "https://tenders.example.org",
      EMAIL_CONCURRENCY: concurrency,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const pid = child.pid as number;
  let peakRss = 0;
  const sampler = setInterval(async () => {
    peakRss = Math.max(peakRss, await rssMiB(pid));
  }, 200);
  await wait.waitUntil(async () => sink.received.length >= size, `all ${size} digests accepted`, {
    timeoutMs: TIME_LIMIT_MS,
    intervalMs: 100,
  });
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const { rows } = await client.query<{ sent: number; periods: number }>(`
    SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent, count(DISTINCT (channel_id, through))::int AS periods
    FROM email_messages`);
  console.log(
    "| saved searches | EMAIL_CONCURRENCY | all sent in | mails/s | mails accepted | digests sent (rows) | notifier peak RSS | load average before |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  console.log(
    `| ${size.toLocaleString("en")} | ${concurrency} | ${seconds.toFixed(1)} s | ${(size / seconds).toFixed(0)} | ${sink.received.length} (${sink.attempts} attempts) | ${rows[0]?.sent} of ${rows[0]?.periods} periods | ${peakRss.toFixed(0)} MiB | ${load} |`,
  );
} finally {
  if (child) {
    child.kill("SIGTERM");
    await new Promise((r) => (child?.exitCode !== null ? r(null) : child.once("exit", r)));
  }
  await sink.close();
  await client.end();
  await drop();
}
