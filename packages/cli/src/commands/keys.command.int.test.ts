import { createHash } from "node:crypto";
import { findApiKeyByHash, hashApiKey, listApiKeys } from "@tender/db";
import { createEmptyTestDatabase, createTestDatabase, type TestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCaptured } from "../run-captured.js";

const KEY_FORMAT = /^tsk_[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestDatabase;
let env: { DATABASE_URL: string };
beforeAll(async () => {
  t = await createTestDatabase();
  env = { DATABASE_URL: t.url };
});
afterAll(async () => t.destroy());

async function createKey(name: string, limit: number): Promise<{ id: string; key: string }> {
  const { code, stdout } = await runCaptured(
    ["keys", "create", "--name", name, "--limit-per-minute", String(limit), "--json"],
    env,
  );
  expect(code).toBe(0);
  return JSON.parse(stdout) as { id: string; key: string };
}

describe("tender keys create", () => {
  it("--json prints exactly id, key and limit_per_minute, and stores only the SHA-256 of the key", async () => {
    const { code, stdout, stderr } = await runCaptured(
      ["keys", "create", "--name", "  ci pipeline ", "--limit-per-minute", "60", "--json"],
      env,
    );
    expect(code).toBe(0);
    expect(stdout.endsWith("\n")).toBe(true);
    const printed = JSON.parse(stdout) as Record<string, unknown>;
    expect(Object.keys(printed)).toEqual(["id", "key", "limit_per_minute"]);
    expect(printed.id).toMatch(UUID);
    expect(printed.key).toMatch(KEY_FORMAT);
    expect(printed.limit_per_minute).toBe(60);
    expect(stderr).toBe("warning: store this key now; it will not be shown again.\n");

    const key = printed.key as string;
    const sha256 = createHash("sha256").update(key).digest("hex");
    expect(hashApiKey(key)).toBe(sha256);
    const row = await findApiKeyByHash(t.db, sha256);
    expect(row).toMatchObject({
      id: printed.id,
      name: "ci pipeline",
      key_hash: sha256,
      enabled: true,
      limit_per_minute: 60,
      request_count: 0,
    });
    // The plaintext (or any recognizable part of it) is in no column of the row.
    const { rows } = await sql<{
      row: string;
    }>`SELECT row_to_json(k)::text AS row FROM api_keys k WHERE id = ${printed.id as string}`.execute(t.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.row).not.toContain(key.slice(4, 20));
    expect(rows[0]?.row).not.toContain("tsk_");
  });

  it("prints the key once in human form with a warning that it will not be shown again", async () => {
    const { code, stdout, stderr } = await runCaptured(
      ["keys", "create", "--name", "partner", "--limit-per-minute", "5"],
      env,
    );
    expect(code).toBe(0);
    expect(stderr).toBe("");
    const keys = stdout.match(/tsk_[A-Za-z0-9_-]+/g) ?? [];
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(KEY_FORMAT);
    expect(stdout).toContain("will not be shown again");
    expect(stdout).toMatch(/Created API key "partner" \(id [0-9a-f-]{36}\), 5 requests per minute:/);
    expect(await findApiKeyByHash(t.db, hashApiKey(keys[0] as string))).toMatchObject({ name: "partner" });
  });

  it("issues a different key every time", async () => {
    const a = await createKey("twin", 1);
    const b = await createKey("twin", 1);
    expect(a.key).not.toBe(b.key);
    expect(a.id).not.toBe(b.id);
  });
});

describe("tender keys list", () => {
  it("shows id, name, enabled, limit and creation time, never keys or hashes", async () => {
    const created = await createKey("listed", 42);
    const json = await runCaptured(["keys", "list", "--json"], env);
    expect(json.code).toBe(0);
    const listed = JSON.parse(json.stdout) as Record<string, unknown>[];
    const entry = listed.find((k) => k.id === created.id);
    expect(entry).toEqual({
      id: created.id,
      name: "listed",
      enabled: true,
      limit_per_minute: 42,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(listed.map((k) => k.id)).toEqual((await listApiKeys(t.db)).map((k) => k.id));

    const table = await runCaptured(["keys", "list"], env);
    expect(table.code).toBe(0);
    const [header, ...lines] = table.stdout.trimEnd().split("\n");
    expect(header?.split(/\s{2,}/)).toEqual(["ID", "NAME", "ENABLED", "LIMIT/MIN", "CREATED AT"]);
    expect(lines).toHaveLength(listed.length);
    expect(lines.find((l) => l.startsWith(created.id))?.split(/\s{2,}/)).toEqual([
      created.id,
      "listed",
      "yes",
      "42",
      entry?.created_at,
    ]);

    const hash = hashApiKey(created.key);
    for (const out of [json.stdout, table.stdout]) {
      expect(out).not.toContain(hash);
      expect(out).not.toContain(created.key);
      expect(out).not.toMatch(/[0-9a-f]{64}/);
    }
  });

  it("says how to create a key when there is none", async () => {
    const empty = await createEmptyTestDatabase();
    try {
      const emptyEnv = { DATABASE_URL: empty.url };
      expect((await runCaptured(["migrate"], emptyEnv)).code).toBe(0);
      expect(await runCaptured(["keys", "list"], emptyEnv)).toEqual({
        code: 0,
        stdout: "no API keys yet; create one with: tender keys create --name NAME --limit-per-minute N\n",
        stderr: "",
      });
    } finally {
      await empty.destroy();
    }
  });
});

describe("tender keys disable / enable", () => {
  it("switch the key off and on again, idempotently", async () => {
    const { id, key } = await createKey("toggled", 10);
    const enabledInDb = async () => (await findApiKeyByHash(t.db, hashApiKey(key)))?.enabled;

    expect(await runCaptured(["keys", "disable", id], env)).toEqual({
      code: 0,
      stdout: `disabled API key ${id}\n`,
      stderr: "",
    });
    expect(await enabledInDb()).toBe(false);
    expect((await runCaptured(["keys", "disable", id], env)).code).toBe(0);
    expect(await enabledInDb()).toBe(false);

    // Upper-case ids (as some tools print them) are accepted.
    expect(await runCaptured(["keys", "enable", id.toUpperCase()], env)).toEqual({
      code: 0,
      stdout: `enabled API key ${id}\n`,
      stderr: "",
    });
    expect(await enabledInDb()).toBe(true);
  });

  it("leave other keys alone", async () => {
    const target = await createKey("target", 1);
    const bystander = await createKey("bystander", 1);
    expect((await runCaptured(["keys", "disable", target.id], env)).code).toBe(0);
    expect((await findApiKeyByHash(t.db, hashApiKey(bystander.key)))?.enabled).toBe(true);
  });

  it.each(["disable", "enable"])("%s fails clearly for an unknown id", async (verb) => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await runCaptured(["keys", verb, unknown], env)).toEqual({
      code: 1,
      stdout: "",
      stderr: `error: no API key has id ${unknown}; see \`tender keys list\`\n`,
    });
  });
});

describe("key commands on a database without the schema", () => {
  it("tell the operator to run tender migrate", async () => {
    const empty = await createEmptyTestDatabase();
    try {
      const { code, stderr } = await runCaptured(["keys", "list"], { DATABASE_URL: empty.url });
      expect(code).toBe(1);
      expect(stderr).toMatch(
        /^error: database "[^"]+" on [^ ]+ has no tender tables yet — run `tender migrate` first\.\n$/,
      );
    } finally {
      await empty.destroy();
    }
  });
});
