import { readdirSync } from "node:fs";
import { join } from "node:path";
import { SOURCES } from "@tender/sources";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../repo-paths.js";
import { type DemoServicesConfig, demoServiceEnv, demoServiceSpecs, SERVICE_NAMES } from "./service-specs.js";

const config: DemoServicesConfig = {
  databaseUrl: "postgres://postgres@127.0.0.1:5432/tender_demo",
  natsUrl: "nats://127.0.0.1:4222",
  busPrefix: "demo",
  logLevel: "info",
  gatewayPort: 8080,
  metricsPort: 9464,
  // 9101, 9102, ...: one per worker, whatever sources are registered.
  healthPorts: Object.fromEntries(
    SERVICE_NAMES.filter((name) => name !== "gateway").map((name, i) => [name, 9101 + i]),
  ),
  replayBaseUrl: "http://127.0.0.1:4567",
  storageDir: "/tmp/tender-demo/files",
  ai: { AI_PROVIDER: "ollama", AI_BASE_URL: "http://127.0.0.1:11434" },
  baseEnv: { PATH: "/usr/bin", DATABASE_URL: "postgres://elsewhere/tender" },
  webhookSecretKey: "S2V5IG9mIHRoZSBkZW1vJ3Mgd2ViaG9vayBzZWNyZXRzIQ==",
};

describe("demoServiceEnv", () => {
  it("gives every service the demo's database, and every worker the bus prefix and its own probe port", () => {
    for (const name of SERVICE_NAMES) {
      const env = demoServiceEnv(name, config);
      expect(env).toMatchObject({ PATH: "/usr/bin", DATABASE_URL: config.databaseUrl, LOG_LEVEL: "info" });
      if (name !== "gateway") {
        expect(env).toMatchObject({ NATS_URL: config.natsUrl, BUS_PREFIX: "demo" });
        expect(env.HEALTH_PORT).toBe(String(config.healthPorts[name]));
      }
    }
  });

  it("points every registered source at the replay server and allows only its host", () => {
    expect(demoServiceEnv("ingest-source-a", config)).toMatchObject({ TED_BASE_URL: config.replayBaseUrl });
    const baseUrlSettings = SOURCES.map((source) => source.baseUrlSetting);
    for (const source of SOURCES) {
      const env = demoServiceEnv(source.service, config);
      expect(env, source.code).toMatchObject({
        [source.baseUrlSetting]: config.replayBaseUrl,
        SYNC_ALLOWED_HOSTS: "127.0.0.1:4567",
      });
      const others = baseUrlSettings.filter((setting) => setting !== source.baseUrlSetting);
      for (const setting of others) expect(env, source.code).not.toHaveProperty(setting);
    }
    expect(demoServiceEnv("downloader", config)).toMatchObject({
      DOWNLOAD_ALLOWED_HOSTS: "127.0.0.1:4567",
      DOWNLOAD_ALLOW_PRIVATE_ADDRESSES: "true",
      STORAGE_DIR: config.storageDir,
    });
  });

  it("starts every service of the repository, the registry's ingest services among them", () => {
    const folders = readdirSync(join(REPO_ROOT, "services"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...SERVICE_NAMES].sort()).toEqual(folders.sort());
    for (const source of SOURCES) expect(SERVICE_NAMES).toContain(source.service);
    expect(() => demoServiceEnv("ingest-source-z", config)).toThrow(
      "the demo has no service named ingest-source-z",
    );
  });

  it("gives the AI settings to the gateway, the indexer and the notifier only", () => {
    const withAi = SERVICE_NAMES.filter((name) => demoServiceEnv(name, config).AI_PROVIDER === "ollama");
    expect(withAi).toEqual(["gateway", "indexer", "notifier"]);
    expect(demoServiceEnv("gateway", config)).toMatchObject({
      PORT: "8080",
      METRICS_PORT: "9464",
      HOST: "127.0.0.1",
    });
    expect(demoServiceEnv("indexer", config).STORAGE_DIR).toBe(config.storageDir);
  });

  it("gives the webhook key to the gateway and the notifier only, and lets webhooks reach this machine", () => {
    const webhooks = SERVICE_NAMES.flatMap((name) => {
      const env = demoServiceEnv(name, config);
      return env.WEBHOOK_SECRET_KEY === undefined
        ? []
        : [[name, env.WEBHOOK_SECRET_KEY, env.WEBHOOK_ALLOW_HTTP, env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES]];
    });
    expect(webhooks).toEqual([
      ["gateway", config.webhookSecretKey, "true", undefined],
      ["notifier", config.webhookSecretKey, "true", "true"],
    ]);
  });

  it("points the notifier at the demo's mailbox when there is one, and mails nothing otherwise", () => {
    expect(demoServiceEnv("notifier", config).SMTP_URL).toBeUndefined();
    const env = demoServiceEnv("notifier", { ...config, smtpUrl: "smtp://127.0.0.1:2525" });
    expect(env).toMatchObject({
      SMTP_URL: "smtp://127.0.0.1:2525",
      MAIL_FROM: "digests@tender-search.example",
      PUBLIC_BASE_URL: `http://127.0.0.1:${config.gatewayPort}`,
    });
    expect(demoServiceEnv("gateway", { ...config, smtpUrl: "smtp://127.0.0.1:2525" })).not.toHaveProperty(
      "SMTP_URL",
    );
  });

  it("applies per-service overrides last", () => {
    const env = demoServiceEnv("indexer", {
      ...config,
      overrides: { indexer: { SWEEP_INTERVAL_MS: "1000" } },
    });
    expect(env.SWEEP_INTERVAL_MS).toBe("1000");
    expect(
      demoServiceEnv("downloader", { ...config, overrides: { indexer: { X: "1" } } }),
    ).not.toHaveProperty("X");
  });
});

describe("demoServiceSpecs", () => {
  it("runs each service's built main.js with this Node", () => {
    const specs = demoServiceSpecs(config, ["gateway", "indexer"]);
    expect(specs.map((s) => [s.name, s.command, s.args])).toEqual([
      ["gateway", process.execPath, [`${REPO_ROOT}services/gateway/dist/main.js`]],
      ["indexer", process.execPath, [`${REPO_ROOT}services/indexer/dist/main.js`]],
    ]);
  });
});
