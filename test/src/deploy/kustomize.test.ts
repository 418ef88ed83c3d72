import { readdirSync, readFileSync } from "node:fs";
import { SOURCES } from "@tender/sources";
import { describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { validateK8sObject } from "./k8s-models.js";
import { type LabelSelector, selects } from "./label-selector.js";
import { type K8sObject, renderKustomization } from "./render-kustomize.js";
import { repoPath } from "./repo-path.js";
import { loadServiceEnv, SERVICES, WORKERS } from "./service-env.js";

const SERVICE_ENV = await loadServiceEnv();
const ALL_SERVICE_ENV = new Set(Object.values(SERVICE_ENV).flat());
const OVERLAYS = readdirSync(repoPath("k8s/overlays")).sort();
const CLUSTER_SCOPED = new Set(["Namespace"]);
const INGEST_SERVICES = SOURCES.map((source) => source.service);

// A rendered container, checked field by field.
// biome-ignore lint/suspicious/noExplicitAny: rendered YAML; kubernetes-models validates its types separately.
type Container = any;

function byKind(objects: readonly K8sObject[], kind: string): K8sObject[] {
  return objects.filter((o) => o.kind === kind);
}

function named(objects: readonly K8sObject[], kind: string, name: string): K8sObject {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (found === undefined) throw new Error(`no ${kind} ${name}`);
  return found;
}

function podLabels(deployment: K8sObject): Record<string, string> {
  return deployment.spec.template.metadata.labels;
}

function mainContainer(deployment: K8sObject): Container {
  return deployment.spec.template.spec.containers[0];
}

/** The container port a probe or Service targets: a number, or a port name resolved on the container. */
function portNumber(container: Container, port: number | string): number | undefined {
  if (typeof port === "number") return port;
  return container.ports?.find((p: { name?: string }) => p.name === port)?.containerPort;
}

describe("kustomize overlays", () => {
  it("exist: dev and prod", () => {
    expect(OVERLAYS).toEqual(["dev", "prod"]);
  });

  it("the base keeps the example Secret out of what is applied", () => {
    const kustomization = parse(readFileSync(repoPath("k8s/base/kustomization.yaml"), "utf8"));
    expect(kustomization.resources).not.toContain("secret.example.yaml");
    expect(renderKustomization("k8s/base").filter((o) => o.kind === "Secret")).toEqual([]);
  });

  it("the model check catches a broken object and an unknown kind", () => {
    const gateway = named(renderKustomization("k8s/base"), "Deployment", "gateway");
    expect(() => validateK8sObject(gateway)).not.toThrow();
    const badQuantity = structuredClone(gateway);
    mainContainer(badQuantity).resources.limits.memory = "512 MB";
    expect(() => validateK8sObject(badQuantity)).toThrow(/^Deployment gateway: .*limits\/memory/);
    const probeWithoutPort = structuredClone(gateway);
    delete mainContainer(probeWithoutPort).readinessProbe.httpGet.port;
    expect(() => validateK8sObject(probeWithoutPort)).toThrow(
      /readinessProbe\/httpGet must have required property/,
    );
    expect(() => validateK8sObject({ apiVersion: "v1", kind: "Pod", metadata: { name: "x" } })).toThrow(
      "no kubernetes-models class for v1/Pod",
    );
  });
});

describe("k8s/base: what a new source adds", () => {
  it.each(INGEST_SERVICES)(
    "%s: its own manifest holds its Deployment and its PodDisruptionBudget",
    (service) => {
      const documents = parseAllDocuments(readFileSync(repoPath(`k8s/base/${service}.yaml`), "utf8")).map(
        (doc) => doc.toJS() as K8sObject,
      );
      expect(documents.map((o) => `${o.kind} ${o.metadata.name}`)).toEqual([
        `Deployment ${service}`,
        `PodDisruptionBudget ${service}`,
      ]);
      const kustomization = parse(readFileSync(repoPath("k8s/base/kustomization.yaml"), "utf8"));
      expect(kustomization.resources).toContain(`${service}.yaml`);
    },
  );

  it("the shared files name no ingest service: budgets and network policies select them otherwise", () => {
    for (const file of ["pod-disruption-budgets.yaml", "network-policies.yaml"]) {
      const objects = parseAllDocuments(readFileSync(repoPath(`k8s/base/${file}`), "utf8")).map((doc) =>
        doc.toJS(),
      );
      expect(objects.length, file).toBeGreaterThan(0);
      expect(JSON.stringify(objects), file).not.toMatch(/ingest-source-/);
    }
  });
});

describe.each(OVERLAYS)("k8s/overlays/%s", (overlay) => {
  const objects = renderKustomization(`k8s/overlays/${overlay}`);
  const deployments = byKind(objects, "Deployment").filter(
    (d) => d.metadata.labels?.["app.kubernetes.io/part-of"] === "tender-search",
  );
  const deployment = (name: string) => named(objects, "Deployment", name);
  const namespace = byKind(objects, "Namespace")[0]?.metadata.name;

  it("tags every image of the release with the overlay's one IMAGE_TAG, naming no service to do it", () => {
    const kustomization = parse(readFileSync(repoPath(`k8s/overlays/${overlay}/kustomization.yaml`), "utf8"));
    const release = kustomization.configMapGenerator?.find((g: { name: string }) => g.name === "release");
    const tag = /^IMAGE_TAG=(.+)$/.exec(release?.literals?.[0] ?? "")?.[1];
    expect(tag).toMatch(overlay === "prod" ? /^\d+\.\d+\.\d+$/ : /^dev$/);
    const ours = objects.filter(
      (o) =>
        (o.kind === "Deployment" || o.kind === "Job") &&
        o.metadata.labels?.["app.kubernetes.io/part-of"] === "tender-search",
    );
    expect(ours.map((o) => o.metadata.name).sort()).toEqual([...SERVICES, "tender-migrate"].sort());
    for (const o of ours) {
      const image = o.kind === "Job" ? "cli" : o.metadata.name;
      expect(mainContainer(o).image, o.metadata.name).toBe(`tender/${image}:${tag}`);
    }
    // The release ConfigMap only feeds the replacement: it is never applied.
    expect(objects.filter((o) => o.metadata.name.startsWith("release"))).toEqual([]);
    expect(JSON.stringify(kustomization)).not.toMatch(/ingest-source-|"images"/);
  });

  it("renders objects that all validate against the Kubernetes models", () => {
    expect(objects.length).toBeGreaterThan(20);
    for (const object of objects) validateK8sObject(object);
  });

  it("puts every namespaced object into the overlay's namespace", () => {
    expect(namespace).toBeDefined();
    for (const object of objects) {
      if (CLUSTER_SCOPED.has(object.kind)) continue;
      expect(object.metadata.namespace, `${object.kind} ${object.metadata.name}`).toBe(namespace);
    }
  });

  it("has one Deployment per service", () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...SERVICES].sort());
  });

  it.each(SERVICES)("%s: probes, resources, hardened security context, writable /tmp only", (name) => {
    const d = deployment(name);
    const pod = d.spec.template.spec;
    const container = mainContainer(d);
    expect(pod.containers).toHaveLength(1);
    expect(selects(d.spec.selector, podLabels(d))).toBe(true);

    const expectedPort = name === "gateway" ? 8080 : 9090;
    for (const [probe, path] of [
      ["livenessProbe", "/health/live"],
      ["readinessProbe", "/health/ready"],
    ] as const) {
      expect(container[probe]?.httpGet?.path, probe).toBe(path);
      expect(portNumber(container, container[probe]?.httpGet?.port), probe).toBe(expectedPort);
    }
    const env: { name: string; value?: string }[] = container.env ?? [];
    const portVar = name === "gateway" ? "PORT" : "HEALTH_PORT";
    expect(env.find((e) => e.name === portVar)?.value).toBe(String(expectedPort));

    for (const kind of ["requests", "limits"]) {
      expect(container.resources?.[kind]?.cpu, kind).toBeDefined();
      expect(container.resources?.[kind]?.memory, kind).toBeDefined();
    }

    expect(pod.securityContext).toMatchObject({
      runAsNonRoot: true,
      runAsUser: 10001,
      seccompProfile: { type: "RuntimeDefault" },
    });
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ["ALL"] },
    });
    expect(container.securityContext.privileged).not.toBe(true);
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(pod.hostNetwork).not.toBe(true);

    const tmp = container.volumeMounts?.find((m: { mountPath: string }) => m.mountPath === "/tmp");
    expect(tmp).toBeDefined();
    expect(pod.volumes.find((v: { name: string }) => v.name === tmp.name)?.emptyDir).toBeDefined();
    // Nothing but emptyDirs: no host paths.
    for (const volume of pod.volumes) expect(volume.emptyDir, volume.name).toBeDefined();

    expect(container.image).toMatch(new RegExp(`(^|/)tender/${name}:[\\w.-]+$`));
    expect(container.image).not.toMatch(/:latest$/);
  });

  it.each(SERVICES)("%s: configuration from the ConfigMap, secrets from the Secret", (name) => {
    const container = mainContainer(deployment(name));
    const config = named(objects, "ConfigMap", container.envFrom?.[0]?.configMapRef?.name);
    for (const key of Object.keys(config.data ?? {})) expect(ALL_SERVICE_ENV.has(key), key).toBe(true);
    const env: { name: string; value?: string; valueFrom?: Container }[] = container.env ?? [];
    for (const e of env) expect(SERVICE_ENV[name] ?? [], e.name).toContain(e.name);
    const secretRefs = env.filter((e) => e.valueFrom?.secretKeyRef).map((e) => e.name);
    expect(secretRefs).toContain("DATABASE_URL");
    if ((SERVICE_ENV[name] ?? []).includes("AI_API_KEY")) expect(secretRefs).toContain("AI_API_KEY");
    // Secret values never sit in plain env or in the ConfigMap.
    for (const secret of ["DATABASE_URL", "AI_API_KEY"]) {
      expect(env.find((e) => e.name === secret)?.value).toBeUndefined();
      expect(config.data?.[secret]).toBeUndefined();
    }
  });

  it("secret references resolve to a rendered Secret, or to the documented external tender-secrets", () => {
    const secrets = new Set(byKind(objects, "Secret").map((s) => s.metadata.name));
    const refs = objects.flatMap((o) =>
      [...JSON.stringify(o).matchAll(/"secretKeyRef":\{[^}]*"name":"([^"]+)"/g)].map((m) => m[1]),
    );
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      if (overlay === "prod") expect(ref).toBe("tender-secrets");
      else expect(secrets.has(ref ?? ""), ref).toBe(true);
    }
    if (overlay === "prod") expect(secrets.size).toBe(0);
  });

  it("exposes the gateway pods, and only them, through the gateway Service on port 8080", () => {
    const service = named(objects, "Service", "gateway");
    const selected = deployments.filter((d) => selects({ matchLabels: service.spec.selector }, podLabels(d)));
    expect(selected.map((d) => d.metadata.name)).toEqual(["gateway"]);
    const [port] = service.spec.ports;
    expect(portNumber(mainContainer(deployment("gateway")), port.targetPort)).toBe(8080);
  });

  it("runs the migration as a Job with the CLI image under tini", () => {
    const job = named(objects, "Job", "tender-migrate");
    const container = job.spec.template.spec.containers[0];
    expect(container.image).toMatch(/(^|\/)tender\/cli:[\w.-]+$/);
    // args, not command: the image's entrypoint (tini) stays.
    expect(container.command).toBeUndefined();
    expect(container.args).toEqual(["node", "dist/main.js", "migrate"]);
    expect(job.spec.template.spec.restartPolicy).toBe("Never");
    expect(job.spec.template.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001 });
    expect(container.securityContext).toMatchObject({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
    });
  });

  it("autoscales the gateway and the indexer, and only them", () => {
    const hpas = byKind(objects, "HorizontalPodAutoscaler");
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(["gateway", "indexer"]);
    for (const hpa of hpas) {
      expect(hpa.apiVersion).toBe("autoscaling/v2");
      const target = deployment(hpa.spec.scaleTargetRef.name);
      expect(hpa.spec.scaleTargetRef).toMatchObject({ apiVersion: "apps/v1", kind: "Deployment" });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(1);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
      // Utilization targets need CPU requests; and the autoscaler, not the manifest, owns the replica count.
      expect(mainContainer(target).resources.requests.cpu).toBeDefined();
      expect(target.spec.replicas).toBeUndefined();
    }
  });

  it("limits voluntary disruptions of every service with a PodDisruptionBudget that selects exactly it", () => {
    // The prod overlay's NATS cluster has its own (nats-cluster.test.ts).
    const pdbs = byKind(objects, "PodDisruptionBudget").filter(
      (p) => p.metadata.labels?.["app.kubernetes.io/part-of"] === "tender-search",
    );
    expect(pdbs).toHaveLength(SERVICES.length);
    for (const pdb of pdbs) {
      const selected = deployments.filter((d) => selects(pdb.spec.selector as LabelSelector, podLabels(d)));
      expect(
        selected.map((d) => d.metadata.name),
        pdb.metadata.name,
      ).toEqual([pdb.metadata.name]);
      expect(pdb.spec.maxUnavailable ?? pdb.spec.minAvailable).toBeDefined();
    }
  });

  describe("network policies", () => {
    const policies = byKind(objects, "NetworkPolicy");
    const applying = (name: string, type: "Ingress" | "Egress") =>
      policies.filter(
        (p) => p.spec.policyTypes.includes(type) && selects(p.spec.podSelector, podLabels(deployment(name))),
      );
    const egressPorts = (name: string) =>
      applying(name, "Egress").flatMap((p) =>
        (p.spec.egress ?? []).flatMap((rule: Container) =>
          (rule.ports ?? []).map((port: Container) => `${port.protocol}/${port.port}`),
        ),
      );

    it("deny all ingress and egress by default for every service", () => {
      for (const name of SERVICES) {
        const denyIn = applying(name, "Ingress").filter((p) => (p.spec.ingress ?? []).length === 0);
        const denyOut = applying(name, "Egress").filter((p) => (p.spec.egress ?? []).length === 0);
        expect(denyIn.length, name).toBeGreaterThan(0);
        expect(denyOut.length, name).toBeGreaterThan(0);
      }
    });

    it("allow ingress to the gateway on 8080 only, and to no worker", () => {
      const ingress = (name: string) => applying(name, "Ingress").flatMap((p) => p.spec.ingress ?? []);
      expect(ingress("gateway").flatMap((r: Container) => r.ports)).toEqual([
        { protocol: "TCP", port: 8080 },
      ]);
      for (const name of WORKERS) expect(ingress(name), name).toEqual([]);
    });

    it("allow DNS and PostgreSQL to every service, NATS to those that use it", () => {
      for (const name of SERVICES) {
        expect(egressPorts(name), name).toEqual(expect.arrayContaining(["UDP/53", "TCP/53", "TCP/5432"]));
        if ((SERVICE_ENV[name] ?? []).includes("NATS_URL"))
          expect(egressPorts(name), name).toContain("TCP/4222");
        else expect(egressPorts(name), name).not.toContain("TCP/4222");
      }
    });

    it("select the ingest services by their component label, never by name, so a new source needs no policy change", () => {
      const ingestPods = objects
        .filter((o) => o.spec?.template?.metadata?.labels?.["app.kubernetes.io/component"] === "ingest")
        .map((o) => o.metadata.name);
      expect(ingestPods.sort()).toEqual([...INGEST_SERVICES].sort());
      const named = policies.filter((p) => JSON.stringify(p.spec).match(/ingest-source-/));
      expect(named.map((p) => p.metadata.name)).toEqual([]);
      // Same opening as the downloader's, no more: NATS and the public internet on 80 and 443.
      const rules = (name: string) =>
        applying(name, "Egress")
          .flatMap((p) => p.spec.egress ?? [])
          .map((rule: Container) => JSON.stringify(rule))
          .sort();
      for (const name of INGEST_SERVICES) expect(rules(name), name).toEqual(rules("downloader"));
    });

    it("allow the AI server to gateway and indexer, and the internet to ingest and downloader", () => {
      for (const name of ["gateway", "indexer"]) expect(egressPorts(name)).toContain("TCP/11434");
      for (const name of [...INGEST_SERVICES, "downloader"]) {
        expect(egressPorts(name)).not.toContain("TCP/11434");
        expect(egressPorts(name)).toContain("TCP/443");
        const internet = applying(name, "Egress")
          .flatMap((p) => p.spec.egress ?? [])
          .flatMap((rule: Container) => rule.to ?? [])
          .find((peer: Container) => peer.ipBlock?.cidr === "0.0.0.0/0");
        // Cloud metadata and private ranges stay closed even where the internet is open.
        expect(internet?.ipBlock.except).toEqual(expect.arrayContaining(["169.254.0.0/16", "10.0.0.0/8"]));
      }
      expect(egressPorts("gateway")).not.toContain("TCP/5672");
      const open = applying("gateway", "Egress")
        .flatMap((p) => p.spec.egress ?? [])
        .flatMap((rule: Container) => rule.to ?? [])
        .filter((peer: Container) => peer.ipBlock?.cidr === "0.0.0.0/0");
      expect(open).toEqual([]);
    });
  });
});
