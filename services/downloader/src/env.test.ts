import { ConfigError, loadConfig } from "@tender/config";
import { describe, expect, it } from "vitest";
import { Env } from "./env.js";

const base = { DATABASE_URL: "postgres://db/tender" };

describe("downloader Env", () => {
  it("uses the documented defaults", () => {
    const config = loadConfig(Env, base);
    expect(config).toMatchObject({
      STORAGE_DRIVER: "fs",
      STORAGE_DIR: "/var/lib/tender/files",
      STORAGE_BUCKET: "tender-attachments",
      MAX_ATTACHMENT_BYTES: 52_428_800,
      DOWNLOAD_ALLOWED_HOSTS: [],
      DOWNLOAD_ALLOW_PRIVATE_ADDRESSES: false,
      DOWNLOAD_CONCURRENCY: 4,
      DOWNLOAD_TIMEOUT_MS: 60_000,
      HEALTH_PORT: 9090,
      NATS_URL: "nats://127.0.0.1:4222",
    });
    expect(config.BUS_PREFIX).toBeUndefined();
  });

  it("reads a host list and the switches", () => {
    const config = loadConfig(Env, {
      ...base,
      STORAGE_DRIVER: "nats",
      DOWNLOAD_ALLOWED_HOSTS: " in-tendhost.co.uk, 127.0.0.1:8080 ,,localhost",
      DOWNLOAD_ALLOW_PRIVATE_ADDRESSES: "true",
      DOWNLOAD_CONCURRENCY: "8",
    });
    expect(config.STORAGE_DRIVER).toBe("nats");
    expect(config.DOWNLOAD_ALLOWED_HOSTS).toEqual(["in-tendhost.co.uk", "127.0.0.1:8080", "localhost"]);
    expect(config.DOWNLOAD_ALLOW_PRIVATE_ADDRESSES).toBe(true);
    expect(config.DOWNLOAD_CONCURRENCY).toBe(8);
  });

  it("names every bad variable at once", () => {
    let problems: readonly string[] = [];
    try {
      loadConfig(Env, {
        ...base,
        STORAGE_DRIVER: "s3",
        STORAGE_BUCKET: "bad.bucket",
        DOWNLOAD_ALLOWED_HOSTS: "https://evil.example/",
        DOWNLOAD_CONCURRENCY: "0",
      });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems = error.problems;
    }
    expect(problems.map((p) => p.split(":")[0]).sort()).toEqual([
      "DOWNLOAD_ALLOWED_HOSTS",
      "DOWNLOAD_CONCURRENCY",
      "STORAGE_BUCKET",
      "STORAGE_DRIVER",
    ]);
  });
});
