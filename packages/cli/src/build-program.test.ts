import { describe, expect, it } from "vitest";
import { runCaptured, runWithoutDatabase } from "./run-captured.js";

const run = (args: string[], env: Record<string, string> = {}) => runWithoutDatabase(args, env);

describe("tender --help", () => {
  const paths = [
    [],
    ["migrate"],
    ["keys"],
    ["keys", "create"],
    ["keys", "list"],
    ["keys", "disable"],
    ["keys", "enable"],
  ];
  it.each(paths.map((path) => [path]))("%j --help shows usage and examples", async (path) => {
    const { code, stdout, stderr } = await run([...path, "--help"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toContain(`Usage: tender ${path.join(" ")}`.trimEnd());
    expect(stdout).toMatch(/Examples?:\n {2}\$ tender /);
  });

  it("documents DATABASE_URL and its default at the top level", async () => {
    const { stdout } = await run(["--help"]);
    expect(stdout).toContain(
      "DATABASE_URL  PostgreSQL to work on (default postgres://postgres@127.0.0.1:5432/tender)",
    );
  });

  it("`tender keys` without a subcommand shows the keys help on stderr and fails", async () => {
    const { code, stderr } = await run(["keys"]);
    expect(code).toBe(1);
    expect(stderr).toContain("Usage: tender keys");
  });
});

describe("argument errors (no database needed)", () => {
  it("rejects an unknown command", async () => {
    const { code, stderr } = await run(["bogus"]);
    expect(code).toBe(1);
    expect(stderr).toContain("error: unknown command 'bogus'");
  });

  it("requires --name and --limit-per-minute", async () => {
    const missingLimit = await run(["keys", "create", "--name", "ci"]);
    expect(missingLimit.code).toBe(1);
    expect(missingLimit.stderr).toContain("required option '--limit-per-minute <n>' not specified");
    const missingName = await run(["keys", "create", "--limit-per-minute", "5"]);
    expect(missingName.code).toBe(1);
    expect(missingName.stderr).toContain("required option '--name <name>' not specified");
  });

  it.each(["0", "-1", "1.5", "abc", "1e3", "1000001", "99999999999", " ", "0x10"])(
    "rejects --limit-per-minute %j",
    async (limit) => {
      const { code, stdout, stderr } = await run([
        "keys",
        "create",
        "--name",
        "ci",
        "--limit-per-minute",
        limit,
      ]);
      expect(code).toBe(1);
      expect(stdout).toBe("");
      expect(stderr).toBe(
        `error: --limit-per-minute must be a whole number from 1 to 1000000, got ${JSON.stringify(limit)}\n`,
      );
    },
  );

  it("rejects a blank or control-character name", async () => {
    for (const name of ["   ", "a\nb", "x".repeat(201)]) {
      const { code, stderr } = await run(["keys", "create", "--name", name, "--limit-per-minute", "5"]);
      expect(code).toBe(1);
      expect(stderr).toBe("error: --name must be 1 to 200 characters without control characters\n");
    }
  });

  it.each(["disable", "enable"])("%s rejects an id that is not a uuid", async (verb) => {
    const { code, stderr } = await run(["keys", verb, "not-a-uuid"]);
    expect(code).toBe(1);
    expect(stderr).toBe(
      'error: "not-a-uuid" is not an API key id: expected a uuid, as shown by `tender keys list`\n',
    );
  });

  it("reports a bad DATABASE_URL without its password", async () => {
    const { code, stderr } = await run(["keys", "list"], { DATABASE_URL: "mysql://app:hunter2@db/x" });
    expect(code).toBe(1);
    expect(stderr).toContain(
      'DATABASE_URL: expected a URL starting with postgres:// or postgresql://, got "mysql://app:[REDACTED]@db/x"',
    );
    expect(stderr).not.toContain("hunter2");
  });
});

describe("an unreachable database", () => {
  // Port 1 on the loopback interface refuses connections at once.
  const env = { DATABASE_URL: "postgres://postgres:s3cret@127.0.0.1:1/tender" };

  it.each([["migrate"], ["keys", "list"], ["keys", "create", "--name", "ci", "--limit-per-minute", "5"]])(
    "`tender %s` exits 1 with one line, no stack and no password",
    async (...args) => {
      const { code, stdout, stderr } = await runCaptured(args, env);
      expect(code).toBe(1);
      expect(stdout).toBe("");
      expect(stderr).toBe(
        "error: cannot reach PostgreSQL at 127.0.0.1:1 (connection refused) — is it running? Set DATABASE_URL.\n",
      );
    },
  );
});

describe("unexpected failures", () => {
  it("print the first line of the message only, with passwords masked", async () => {
    const { code, stderr } = await runCaptured(["keys", "list"], { DATABASE_URL: "postgres://db/x" }, () => {
      throw new Error("boom at postgres://u:pw@db/x\n    at secret (file.js:1:1)");
    });
    expect(code).toBe(1);
    expect(stderr).toBe("error: unexpected failure: boom at postgres://u:[REDACTED]@db/x\n");
  });
});
