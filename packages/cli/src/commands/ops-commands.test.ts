import { describe, expect, it } from "vitest";
import { runWithoutDatabase } from "../run-captured.js";

// Port 1 refuses connections: a command that tried to reach NATS would say so.
const ENV = { NATS_URL: "nats://127.0.0.1:1", BUS_PREFIX: "tnone" };
const run = (args: string[], env: Record<string, string> = ENV) => runWithoutDatabase(args, env);

describe("operator commands --help", () => {
  const paths = [
    ["status"],
    ["events"],
    ["events", "replay"],
    ["events", "dlq"],
    ["events", "dlq", "list"],
    ["events", "dlq", "retry"],
    ["events", "dlq", "purge"],
    ["alerts"],
    ["alerts", "list"],
    ["alerts", "retry"],
    ["alerts", "purge"],
  ];
  it.each(paths.map((path) => [path]))("%j --help shows usage and examples", async (path) => {
    const { code, stdout, stderr } = await run([...path, "--help"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toContain(`Usage: tender ${path.join(" ")}`);
    expect(stdout).toMatch(/Examples?:\n {2}\$ tender /);
  });

  it.each(paths.filter((p) => p.length > 1 && !["dlq", "events", "alerts"].includes(p.at(-1) ?? "")))(
    "%j has --json",
    async (...path) => {
      expect((await run([...path, "--help"])).stdout).toMatch(/--json/);
    },
  );

  it("status has --json", async () => {
    expect((await run(["status", "--help"])).stdout).toMatch(/--json/);
  });

  it("replay --help explains why replaying is safe", async () => {
    const { stdout } = await run(["events", "replay", "--help"]);
    expect(stdout).toContain("consumers are idempotent");
  });

  it("the top-level help lists the new commands and their environment", async () => {
    const { stdout } = await run(["--help"]);
    expect(stdout).toMatch(/\n {2}status\b/);
    expect(stdout).toMatch(/\n {2}events\b/);
    expect(stdout).toMatch(/\n {2}alerts\b/);
    expect(stdout).toContain("NATS_URL");
    expect(stdout).toContain("BUS_PREFIX");
    // The one-line summary names what the tool does now, not only its first commands.
    const summary = stdout.split("\n\n")[1]?.replaceAll("\n", " ") ?? "";
    for (const job of [
      "migrations",
      "API keys",
      "reindexing",
      "pipeline status",
      "event replay",
      "dead letters",
      "undelivered alerts",
    ]) {
      expect(summary).toContain(job);
    }
  });
});

describe("events replay argument errors (nothing is contacted)", () => {
  it("refuses without --since or --from-seq", async () => {
    expect(await run(["events", "replay", "--consumer", "indexer"])).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "error: say where the replay starts: --since TIME (e.g. --since 6h) or --from-seq N (e.g. --from-seq 1 for everything retained)\n",
    });
  });

  it("refuses both positions at once", async () => {
    const { code, stderr } = await run([
      "events",
      "replay",
      "--consumer",
      "indexer",
      "--since",
      "1h",
      "--from-seq",
      "3",
    ]);
    expect(code).toBe(1);
    expect(stderr).toBe("error: give either --since or --from-seq, not both\n");
  });

  it("requires a known consumer", async () => {
    const missing = await run(["events", "replay", "--from-seq", "1"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("required option '--consumer <name>' not specified");
    const unknown = await run(["events", "replay", "--consumer", "gateway", "--from-seq", "1"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Allowed choices are indexer, downloader.");
  });

  it("rejects a bad --since or --from-seq", async () => {
    const since = await run(["events", "replay", "--consumer", "indexer", "--since", "last week"]);
    expect(since.stderr).toMatch(/^error: --since must be a date/);
    const seq = await run(["events", "replay", "--consumer", "indexer", "--from-seq", "0"]);
    expect(seq.stderr).toMatch(/^error: --from-seq must be a stream sequence number/);
  });

  it("rejects a bad --limit for dlq list", async () => {
    const { code, stderr } = await run(["events", "dlq", "list", "--limit", "0"]);
    expect(code).toBe(1);
    expect(stderr).toBe('error: --limit must be a whole number from 1 to 10000, got "0"\n');
  });
});

describe("connection problems", () => {
  it("say which NATS could not be reached, without its password", async () => {
    const { code, stdout, stderr } = await run(["events", "dlq", "list"], {
      NATS_URL: "nats://ops:s3cret@127.0.0.1:1",
    });
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(
      /^error: cannot reach NATS at nats:\/\/ops:\[REDACTED\]@127\.0\.0\.1:1 \(.+\) — is it running\? Set NATS_URL\.\n$/,
    );
    expect(stderr).not.toContain("s3cret");
  });

  it("explain a bad BUS_PREFIX", async () => {
    const { code, stderr } = await run(["events", "dlq", "list"], { BUS_PREFIX: "no spaces allowed" });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^error: BUS_PREFIX: Bus name prefix "no spaces allowed" must be 1\.\.32 letters/);
  });
});
