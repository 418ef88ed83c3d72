import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { loadComposeFile, loadComposeSchema, withDefaults } from "./compose-file.js";
import { loadServiceEnv, SERVICES, WORKERS } from "./service-env.js";

const SERVICE_ENV = await loadServiceEnv();
const compose = loadComposeFile();
const services = compose.services;

function env(name: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(services[name]?.environment ?? {}).map(([k, v]) => [k, withDefaults(String(v))]),
  );
}

describe("deploy/compose.yaml", () => {
  it("is valid against the Compose Specification JSON Schema", () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(loadComposeSchema());
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it("the schema check catches a broken file", () => {
    const validate = new Ajv({ allErrors: true, strict: false }).compile(loadComposeSchema());
    const broken = structuredClone(compose) as unknown as {
      services: Record<string, Record<string, unknown>>;
    };
    (broken.services.gateway as Record<string, unknown>).depends_on = { migrate: { condition: "done" } };
    (broken.services.nats as Record<string, unknown>).helthcheck = {};
    expect(validate(broken)).toBe(false);
    expect(validate.errors?.length).toBeGreaterThanOrEqual(2);
  });

  it("runs PostgreSQL with pgvector and NATS with JetStream on a volume, both pinned and health-checked", () => {
    const pg = services.postgres;
    expect(pg?.image).toMatch(/^pgvector\/pgvector:([\d.]+-)?pg1[5-9]$/);
    expect(pg?.volumes?.some((v) => v.endsWith(":/var/lib/postgresql/data"))).toBe(true);
    expect(JSON.stringify(pg?.healthcheck?.test)).toContain("pg_isready");

    const nats = services.nats;
    expect(nats?.image).toMatch(/^nats:2\.\d+(\.\d+)?-alpine$/);
    const command = nats?.command ?? [];
    expect(command).toContain("-js");
    const storeDir = command[command.indexOf("-sd") + 1];
    expect(storeDir).toBe("/data");
    expect(nats?.volumes).toContain(`natsdata:${storeDir}`);
    expect(JSON.stringify(nats?.healthcheck?.test)).toContain("js-enabled-only=true");

    for (const [name, service] of Object.entries(services)) {
      if (service.image === undefined) continue;
      expect(service.image, name).toMatch(/:[\w.${}:-]+$/);
      expect(service.image, name).not.toMatch(/:latest$/);
    }
  });

  it("migrates once, after PostgreSQL is healthy, with the CLI image", () => {
    const migrate = services.migrate;
    expect(migrate?.build?.args?.SERVICE).toBe("cli");
    expect(migrate?.command).toEqual(["node", "dist/main.js", "migrate"]);
    expect(migrate?.depends_on?.postgres?.condition).toBe("service_healthy");
    expect(migrate?.restart).toBe("no");
    expect(Object.keys(env("migrate")).every((k) => (SERVICE_ENV.cli ?? []).includes(k))).toBe(true);
  });

  it.each(SERVICES)("%s is built from deploy/Dockerfile and starts after the migration and NATS", (name) => {
    const service = services[name];
    expect(service?.build).toEqual({
      context: "..",
      dockerfile: "deploy/Dockerfile",
      args: { SERVICE: name },
    });
    expect(service?.depends_on?.migrate?.condition).toBe("service_completed_successfully");
    // NATS only for the services that use it (not the gateway).
    if ((SERVICE_ENV[name] ?? []).includes("NATS_URL"))
      expect(service?.depends_on?.nats?.condition).toBe("service_healthy");
    else expect(service?.depends_on?.nats).toBeUndefined();
    expect(service?.read_only).toBe(true);
    expect(service?.user).toBe("10001:10001");
    expect(service?.cap_drop).toEqual(["ALL"]);
    expect(service?.tmpfs?.some((t) => t.split(":")[0] === "/tmp")).toBe(true);
  });

  it.each(SERVICES)("%s sets only variables it reads, and the required ones", (name) => {
    const vars = env(name);
    const unknown = Object.keys(vars).filter((k) => !(SERVICE_ENV[name] ?? []).includes(k));
    expect(unknown).toEqual([]);
    expect(vars.NATS_URL).toBe(
      (SERVICE_ENV[name] ?? []).includes("NATS_URL") ? "nats://nats:4222" : undefined,
    );
    const db = new URL(vars.DATABASE_URL ?? "");
    const pg = env("postgres");
    expect([db.hostname, db.port, db.username, db.password, db.pathname]).toEqual([
      "postgres",
      "5432",
      pg.POSTGRES_USER,
      pg.POSTGRES_PASSWORD,
      `/${pg.POSTGRES_DB}`,
    ]);
  });

  it("publishes the gateway on 8080 and checks its readiness endpoint", () => {
    const gateway = services.gateway;
    expect(env("gateway").PORT).toBe("8080");
    expect(gateway?.ports?.map(withDefaults)).toEqual(["127.0.0.1:8080:8080"]);
    expect(JSON.stringify(gateway?.healthcheck?.test)).toContain("http://127.0.0.1:8080/health/ready");
  });

  it.each(WORKERS)("%s is health-checked on HEALTH_PORT", (name) => {
    expect(env(name).HEALTH_PORT).toBe("9090");
    expect(JSON.stringify(services[name]?.healthcheck?.test)).toContain("http://127.0.0.1:9090/health/ready");
  });

  it("downloader and indexer share the attachment files when STORAGE_DRIVER=fs", () => {
    const mountOf = (name: string) => {
      const dir = env(name).STORAGE_DIR;
      return services[name]?.volumes?.find((v) => v.split(":")[1] === dir)?.split(":")[0];
    };
    expect(env("downloader").STORAGE_DRIVER).toBe("fs");
    expect(env("indexer").STORAGE_DRIVER).toBe("fs");
    expect(env("indexer").STORAGE_DIR).toBe(env("downloader").STORAGE_DIR);
    expect(mountOf("downloader")).toBe("attachments");
    expect(mountOf("indexer")).toBe("attachments");
  });

  it("keeps Ollama optional: only in the ollama profile, and nothing requires it", () => {
    const optional = Object.entries(services).filter(([, s]) => s.profiles !== undefined);
    expect(optional.map(([n]) => n).sort()).toEqual(["ollama", "ollama-pull"]);
    for (const [, s] of optional) expect(s.profiles).toEqual(["ollama"]);
    for (const [name, service] of Object.entries(services)) {
      if (service.profiles !== undefined) continue;
      for (const [dep, condition] of Object.entries(service.depends_on ?? {})) {
        if (dep.startsWith("ollama")) expect(condition.required, `${name} → ${dep}`).toBe(false);
        else expect(services[dep]?.profiles, `${name} → ${dep}`).toBeUndefined();
      }
    }
    expect(withDefaults(env("gateway").AI_PROVIDER ?? "")).toBe("fake");
    expect(env("indexer").AI_BASE_URL).toBe("http://ollama:11434");
  });

  it("declares every named volume it mounts", () => {
    const declared = Object.keys(compose.volumes ?? {});
    for (const [name, service] of Object.entries(services)) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(":")[0] ?? "";
        if (!source.startsWith(".") && !source.startsWith("/")) expect(declared, name).toContain(source);
      }
    }
  });
});
