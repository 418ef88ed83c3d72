import { describe, expect, it } from "vitest";
import { createLogger } from "./create-logger.js";

/** A logger writing into memory; `lines()` parses what was emitted. */
function memoryLogger(level = "info") {
  const chunks: string[] = [];
  const logger = createLogger({ level, name: "test", destination: { write: (s) => chunks.push(s) } });
  return {
    logger,
    raw: () => chunks.join(""),
    lines: () => chunks.map((c) => JSON.parse(c) as Record<string, unknown>),
  };
}

describe("createLogger", () => {
  it("emits one JSON line per call with name, level label, ISO time and message", () => {
    const { logger, lines } = memoryLogger();
    logger.info({ tender_id: "t1" }, "indexed");
    logger.debug("hidden below the level");
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toMatchObject({ name: "test", level: "info", tender_id: "t1", msg: "indexed" });
    expect(String(lines()[0]?.time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("redacts secret fields at the top level and nested up to two levels", () => {
    const { logger, raw, lines } = memoryLogger();
    logger.info(
      {
        apiKey: "sk-top",
        api_key: "sk-snake",
        token: "tok-1",
        AI_API_KEY: "sk-ai",
        user: { password: "pw-1", secret: "sec-1", authorization: "Bearer abc" },
        deep: { inner: { key: "tsk_deep" } },
      },
      "secrets",
    );
    const [line] = lines();
    expect(line).toMatchObject({
      apiKey: "[REDACTED]",
      api_key: "[REDACTED]",
      token: "[REDACTED]",
      AI_API_KEY: "[REDACTED]",
      user: { password: "[REDACTED]", secret: "[REDACTED]", authorization: "[REDACTED]" },
      deep: { inner: { key: "[REDACTED]" } },
    });
    for (const secret of [
      "sk-top",
      "sk-snake",
      "tok-1",
      "sk-ai",
      "pw-1",
      "sec-1",
      "Bearer abc",
      "tsk_deep",
    ]) {
      expect(raw()).not.toContain(secret);
    }
  });

  it("redacts the x-api-key header of a request, and leaves other headers alone", () => {
    const { logger, lines, raw } = memoryLogger();
    logger.info({ req: { method: "POST", headers: { "x-api-key": "tsk_req", "content-type": "json" } } });
    logger.info({ headers: { "x-api-key": "tsk_bare", authorization: "Basic zzz" } });
    const [first, second] = lines();
    expect(first).toMatchObject({ req: { headers: { "x-api-key": "[REDACTED]", "content-type": "json" } } });
    expect(second).toMatchObject({ headers: { "x-api-key": "[REDACTED]", authorization: "[REDACTED]" } });
    expect(raw()).not.toMatch(/tsk_req|tsk_bare|zzz/);
  });

  it("redacts child bindings too", () => {
    const { logger, raw } = memoryLogger();
    logger.child({ token: "child-token" }).info("from child");
    expect(raw()).toContain('"token":"[REDACTED]"');
    expect(raw()).not.toContain("child-token");
  });

  it("strips passwords from connection strings in fields, messages and errors", () => {
    const { logger, lines, raw } = memoryLogger();
    const url = "postgres://app:hunter2@db.internal:5432/tender";
    logger.info({ databaseUrl: url, nested: { nats: "nats://u:natspw@nats:4222" } }, `connecting to ${url}`);
    logger.error({ err: new Error(`cannot connect to ${url}`) }, "failed");
    const [info, error] = lines();
    expect(info).toMatchObject({
      databaseUrl: "postgres://app:[REDACTED]@db.internal:5432/tender",
      nested: { nats: "nats://u:[REDACTED]@nats:4222" },
      msg: "connecting to postgres://app:[REDACTED]@db.internal:5432/tender",
    });
    expect((error?.err as { message?: string } | undefined)?.message).toBe(
      "cannot connect to postgres://app:[REDACTED]@db.internal:5432/tender",
    );
    expect(raw()).not.toMatch(/hunter2|natspw/);
  });

  it("keeps URLs without a password intact", () => {
    const { logger, lines } = memoryLogger();
    logger.info({ url: "http://user@host/x?a=b:c@d", plain: "postgres://db/tender" });
    expect(lines()[0]).toMatchObject({ url: "http://user@host/x?a=b:c@d", plain: "postgres://db/tender" });
  });
});
