// The prod overlay's nats.conf, run as three nats-server processes on this machine (only its
// ports, routes and directories moved here): the three form a JetStream cluster; the services'
// topology with NATS_STREAM_REPLICAS 3 puts every stream, and the attachment bucket, on all
// three; with one member gone the other two still take and deliver events.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Bus, busNames, busTopology, connectBus, ensureTopology } from "@tender/bus";
import { freePort } from "@tender/net";
import { createNatsObjectStorage } from "@tender/storage";
import { uniqueBusToken } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { repoPath } from "./repo-path.js";

interface Member {
  name: string;
  client: number;
  monitor: number;
  route: number;
  process?: ChildProcess;
}

const conf = readFileSync(repoPath("k8s/overlays/prod/nats.conf"), "utf8");
const dir = mkdtempSync(join(tmpdir(), "tender-nats-cluster-"));
const members: Member[] = [];
let bus: Bus;

/** `text` with `pattern` replaced; the pattern must be there, or the test would check nothing. */
function replaced(text: string, pattern: RegExp, replacement: (...match: string[]) => string): string {
  if (!pattern.test(text)) throw new Error(`nats.conf no longer has ${pattern}`);
  return text.replace(pattern, replacement);
}

/** The prod configuration of one member, with this machine's ports and directories. */
function memberConf(member: Member): string {
  let text = replaced(conf, /^port: 4222$/m, () => `port: ${member.client}\nhost: 127.0.0.1`);
  text = replaced(text, /^http_port: 8222$/m, () => `http_port: ${member.monitor}`);
  text = replaced(text, /^(\s+)port: 6222$/m, (_, indent = "") => `${indent}port: ${member.route}`);
  text = replaced(
    text,
    /nats:\/\/nats-(\d)\.nats-cluster:6222/g,
    (_, n = "") => `nats://127.0.0.1:${members[Number(n)]?.route}`,
  );
  text = replaced(text, /store_dir: \/data/, () => `store_dir: ${join(dir, member.name)}`);
  return replaced(text, /\/var\/run\/nats\/nats\.pid/, () => join(dir, `${member.name}.pid`));
}

beforeAll(async () => {
  for (const name of ["nats-0", "nats-1", "nats-2"]) {
    members.push({ name, client: await freePort(), monitor: await freePort(), route: await freePort() });
  }
  for (const member of members) {
    const file = join(dir, `${member.name}.conf`);
    writeFileSync(file, memberConf(member));
    member.process = spawn("nats-server", ["--config", file], {
      env: { ...process.env, SERVER_NAME: member.name },
      stdio: "ignore",
    });
  }
  // Ready once JetStream has a meta leader: the cluster has formed.
  await vi.waitFor(
    async () => {
      for (const member of members) {
        const health = await fetch(`http://127.0.0.1:${member.monitor}/healthz`);
        expect(health.status, member.name).toBe(200);
      }
    },
    { timeout: 60_000, interval: 250 },
  );
  bus = await connectBus({
    servers: members.map((m) => `nats://127.0.0.1:${m.client}`),
    name: "nats-cluster-test",
  });
}, 90_000);
afterAll(async () => {
  await bus?.close();
  for (const member of members) member.process?.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("k8s/overlays/prod/nats.conf as a cluster", () => {
  it("keeps every stream and the attachment bucket on all three members, and works with one member gone", async () => {
    const topology = busTopology({ names: busNames(`nc${uniqueBusToken()}`), replicas: 3 });
    const warnings: Record<string, unknown>[] = [];
    await ensureTopology(bus.jsm, topology, { warn: (fields) => void warnings.push(fields) });
    expect(warnings).toEqual([]);
    for (const stream of [topology.names.stream, topology.names.dlqStream]) {
      const info = await bus.jsm.streams.info(stream);
      expect(info.config.num_replicas, stream).toBe(3);
      const placed = [info.cluster?.leader, ...(info.cluster?.replicas ?? []).map((r) => r.name)];
      expect(placed.sort(), stream).toEqual(["nats-0", "nats-1", "nats-2"]);
    }
    const storage = await createNatsObjectStorage({
      js: bus.js,
      bucket: `nc${uniqueBusToken()}`,
      replicas: 3,
    });
    expect(storage).toBeDefined();
    const buckets = await bus.jsm.streams.list().next();
    const bucket = buckets.find((s) => s.config.name.startsWith("OBJ_nc"));
    expect(bucket?.config.num_replicas).toBe(3);

    // One member down (the stream's leader, the worst case): two of three still agree.
    const leader = (await bus.jsm.streams.info(topology.names.stream)).cluster?.leader;
    members.find((m) => m.name === leader)?.process?.kill("SIGKILL");
    await vi.waitFor(
      async () => {
        const ack = await bus.js.publish(topology.names.subject, "{}", { msgID: "after-loss" });
        expect(ack.stream).toBe(topology.names.stream);
      },
      { timeout: 30_000, interval: 500 },
    );
    // The consumer may have had its leader on the member that went: until the two left elect a
    // new one, a fetch returns nothing. The event must arrive once they have.
    const got: string[] = [];
    await vi.waitFor(
      async () => {
        const consumer = await bus.js.consumers.get(topology.names.stream, topology.names.consumers.indexer);
        const fetched = await consumer.fetch({ max_messages: 1, expires: 2_000 });
        for await (const message of fetched) {
          got.push(message.headers?.get("Nats-Msg-Id") ?? "");
          message.ack();
        }
        expect(got.length).toBeGreaterThan(0);
      },
      { timeout: 40_000, interval: 500 },
    );
    expect(got).toEqual(["after-loss"]);
  }, 120_000);
});
