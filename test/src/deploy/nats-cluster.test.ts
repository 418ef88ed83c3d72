// The prod overlay runs NATS as a three-member JetStream cluster: the members' routes name
// each other through the headless Service, every member has its own identity and volume, the
// services reach it through the `nats` Service, and streams get as many replicas as there are
// members (never more, or JetStream could not place them).
import { describe, expect, it } from "vitest";
import { type LabelSelector, selects } from "./label-selector.js";
import { type K8sObject, renderKustomization } from "./render-kustomize.js";
import { WORKERS } from "./service-env.js";

const prod = renderKustomization("k8s/overlays/prod");
const one = (objects: readonly K8sObject[], kind: string, name: string): K8sObject => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};
const nats = one(prod, "StatefulSet", "nats");
const pod = nats.spec.template.spec;
const container = pod.containers[0];
const podLabels: Record<string, string> = nats.spec.template.metadata.labels;
const servicesConfig = one(prod, "ConfigMap", "tender-config").data ?? {};

/** The rendered nats.conf: the ConfigMap the StatefulSet mounts (kustomize adds a hash to its name). */
function natsConf(): string {
  const volume = pod.volumes.find((v: { configMap?: unknown }) => v.configMap);
  const config = one(prod, "ConfigMap", volume.configMap.name);
  const text = config.data?.["nats.conf"];
  if (text === undefined) throw new Error("no nats.conf in the mounted ConfigMap");
  const mount = container.volumeMounts.find((m: { name: string }) => m.name === volume.name);
  expect(container.args).toEqual(["--config", `${mount.mountPath}/nats.conf`]);
  return text;
}

describe("k8s/overlays/prod: NATS", () => {
  it("is a StatefulSet of three members behind a headless Service that publishes them before they are ready", () => {
    expect(nats.spec.replicas).toBe(3);
    expect(nats.spec.podManagementPolicy).toBe("Parallel");
    const headless = one(prod, "Service", nats.spec.serviceName);
    expect(headless.spec.clusterIP).toBe("None");
    expect(headless.spec.publishNotReadyAddresses).toBe(true);
    expect(selects({ matchLabels: headless.spec.selector }, podLabels)).toBe(true);
    expect(selects(nats.spec.selector, podLabels)).toBe(true);
  });

  it("routes every member to every member, each with its pod name as JetStream identity", () => {
    const conf = natsConf();
    const routes = [...conf.matchAll(/nats:\/\/([\w.-]+):6222/g)].map((m) => m[1]);
    expect(routes).toEqual(
      Array.from({ length: nats.spec.replicas }, (_, i) => `nats-${i}.${nats.spec.serviceName}`),
    );
    expect(conf).toMatch(/^server_name: \$SERVER_NAME$/m);
    expect(container.env).toContainEqual({
      name: "SERVER_NAME",
      valueFrom: { fieldRef: { fieldPath: "metadata.name" } },
    });
    const storeDir = /store_dir: (\S+)/.exec(conf)?.[1];
    const data = container.volumeMounts.find((m: { mountPath: string }) => m.mountPath === storeDir);
    expect(nats.spec.volumeClaimTemplates.map((t: K8sObject) => t.metadata.name)).toContain(data?.name);
    expect(/port: 6222/.test(conf) && /^port: 4222$/m.test(conf) && /^http_port: 8222$/m.test(conf)).toBe(
      true,
    );
  });

  it("the services connect through the nats Service and keep three copies of each stream", () => {
    const url = new URL(servicesConfig.NATS_URL ?? "");
    const client = one(prod, "Service", url.hostname);
    expect(selects({ matchLabels: client.spec.selector }, podLabels)).toBe(true);
    expect(client.spec.ports.map((p: { port: number }) => p.port)).toEqual([Number(url.port)]);
    expect(Number(servicesConfig.NATS_STREAM_REPLICAS)).toBe(nats.spec.replicas);
  });

  it("keeps a quorum through drains and node losses: one member per node, one down at a time", () => {
    const pdb = prod.find(
      (o) => o.kind === "PodDisruptionBudget" && selects(o.spec.selector as LabelSelector, podLabels),
    );
    expect(pdb?.spec.maxUnavailable).toBe(1);
    expect(pod.topologySpreadConstraints).toEqual([
      expect.objectContaining({
        topologyKey: "kubernetes.io/hostname",
        whenUnsatisfiable: "DoNotSchedule",
        maxSkew: 1,
      }),
    ]);
    expect(selects(pod.topologySpreadConstraints[0].labelSelector, podLabels)).toBe(true);
  });

  it("lets the workers in on the client port and the members in on the route port", () => {
    const rules = prod
      .filter(
        (o) =>
          o.kind === "NetworkPolicy" &&
          o.spec.policyTypes.includes("Ingress") &&
          selects(o.spec.podSelector, podLabels),
      )
      .flatMap((p) => p.spec.ingress ?? []);
    const allows = (labels: Record<string, string>, port: number) =>
      rules.some(
        (r: { from?: { podSelector: LabelSelector }[]; ports: { port: number }[] }) =>
          r.ports.some((p) => p.port === port) && (r.from ?? []).some((f) => selects(f.podSelector, labels)),
      );
    for (const name of WORKERS) {
      const worker = one(prod, "Deployment", name).spec.template.metadata.labels;
      expect(allows(worker, 4222), name).toBe(true);
      expect(allows(worker, 6222), name).toBe(false);
    }
    expect(allows(podLabels, 6222)).toBe(true);
  });

  it("meets the restricted Pod Security Standard of the namespace", () => {
    expect(pod.securityContext).toMatchObject({
      runAsNonRoot: true,
      seccompProfile: { type: "RuntimeDefault" },
    });
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ["ALL"] },
    });
    expect(pod.automountServiceAccountToken).toBe(false);
    for (const probe of ["startupProbe", "readinessProbe", "livenessProbe"])
      expect(container[probe]?.httpGet?.port, probe).toBe("monitor");
  });
});

describe("k8s/overlays/dev: NATS", () => {
  it("keeps one copy of each stream on its one member", () => {
    const dev = renderKustomization("k8s/overlays/dev");
    const member = one(dev, "StatefulSet", "nats");
    expect(Number(one(dev, "ConfigMap", "tender-config").data?.NATS_STREAM_REPLICAS)).toBe(
      member.spec.replicas,
    );
  });
});
