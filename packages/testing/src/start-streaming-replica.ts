import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "@tender/net";
import pg from "pg";

const run = promisify(execFile);

/** A hot standby of the test PostgreSQL, streaming from it, on a port of its own. */
export interface StreamingReplica {
  /** `primaryUrl` with the replica's port: the same databases, read-only. */
  url(primaryUrl: string): string;
  port: number;
  /** Stops the standby and removes its data directory. */
  stop(): Promise<void>;
}

export interface StartStreamingReplicaOptions {
  /** Any connection string of the primary (its host and port are used). */
  primaryUrl: string;
  /** Where the PostgreSQL binaries are; default `/usr/lib/postgresql/15/bin`. */
  binDir?: string;
}

const STANDBY_LIMITS = [
  "max_connections",
  "max_worker_processes",
  "max_wal_senders",
  "max_prepared_transactions",
  "max_locks_per_transaction",
];

/** The primary's settings a hot standby must match or exceed, as configuration lines. */
async function primaryLimits(primaryUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: primaryUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      "SELECT name, setting FROM pg_settings WHERE name = ANY($1)",
      [STANDBY_LIMITS],
    );
    return rows.map((r) => `${r.name} = ${Number(r.setting)}`);
  } finally {
    await client.end();
  }
}

/** Runs a PostgreSQL tool as the `postgres` OS user (it refuses to run as root). */
function asPostgres(binary: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  return asRoot ? run("runuser", ["-u", "postgres", "--", binary, ...args]) : run(binary, args);
}

/**
 * Starts a streaming replica of the primary on this machine: `pg_basebackup -R` (a base copy
 * with `primary_conninfo` and `standby.signal`) into a temporary directory, then `pg_ctl start`
 * on a free port. The primary must allow replication connections from 127.0.0.1
 * (`scripts/setup.sh` sets that up).
 */
export async function startStreamingReplica(
  options: StartStreamingReplicaOptions,
): Promise<StreamingReplica> {
  const bin = options.binDir ?? "/usr/lib/postgresql/15/bin";
  const primary = new URL(options.primaryUrl);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "tender-replica-"));
  const data = join(dir, "data");
  // Run as root, the files this process writes must belong to the server's user.
  const owner =
    process.getuid?.() === 0
      ? {
          uid: Number((await run("id", ["-u", "postgres"])).stdout.trim()),
          gid: Number((await run("id", ["-g", "postgres"])).stdout.trim()),
        }
      : undefined;
  const write = (path: string, text: string) => {
    writeFileSync(path, text);
    if (owner) chownSync(path, owner.uid, owner.gid);
  };
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const stop = async () => {
    await asPostgres(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await asPostgres(join(bin, "pg_basebackup"), [
      "-h",
      primary.hostname,
      "-p",
      primary.port || "5432",
      "-U",
      decodeURIComponent(primary.username || "postgres"),
      "-D",
      data,
      "-R",
      "-X",
      "stream",
      "--checkpoint=fast",
    ]);
    // Debian keeps the primary's configuration outside its data directory: the copy gets its own.
    // A standby refuses to start with lower limits than its primary has.
    const config = [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      "hot_standby = on",
      "shared_buffers = 32MB",
      ...(await primaryLimits(options.primaryUrl)),
    ];
    write(join(data, "postgresql.conf"), `${config.join("\n")}\n`);
    write(join(data, "pg_hba.conf"), "local all all trust\nhost all all 127.0.0.1/32 trust\n");
    await asPostgres(join(bin, "pg_ctl"), ["-D", data, "-l", join(dir, "log"), "-w", "-t", "60", "start"]);
  } catch (error) {
    const log = existsSync(join(dir, "log")) ? readFileSync(join(dir, "log"), "utf8").slice(-2000) : "";
    await stop();
    throw new Error(`the streaming replica did not start: ${(error as Error).message}\n${log}`, {
      cause: error,
    });
  }
  return {
    port,
    url(primaryUrl) {
      const u = new URL(primaryUrl);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      return u.toString();
    },
    stop,
  };
}
