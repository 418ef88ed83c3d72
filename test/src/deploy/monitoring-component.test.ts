// k8s/components/monitoring, added to the prod overlay as an operator would: Prometheus finds
// every service's /metrics port through one Service and a ServiceMonitor, and may reach those
// ports, and only them, from the `monitoring` namespace.
import { describe, expect, it } from "vitest";
import { validateK8sObject } from "./k8s-models.js";
import { selects } from "./label-selector.js";
import { type K8sObject, renderKustomization } from "./render-kustomize.js";
import { SERVICES, WORKERS } from "./service-env.js";

const objects = renderKustomization("test/fixtures/k8s-prod-monitoring");
const prod = renderKustomization("k8s/overlays/prod");
const one = (kind: string, name: string): K8sObject => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};
// biome-ignore lint/suspicious/noExplicitAny: rendered YAML.
const container = (name: string): any => one("Deployment", name).spec.template.spec.containers[0];
const containerPort = (name: string, port: string) =>
  container(name).ports?.find((p: { name: string }) => p.name === port)?.containerPort;
const env = (name: string, variable: string) =>
  container(name).env?.find((e: { name: string }) => e.name === variable)?.value;

describe("monitoring component", () => {
  it("adds a metrics Service, a ServiceMonitor and a NetworkPolicy to the overlay, in its namespace", () => {
    const added = objects.filter(
      (o) => !prod.some((p) => p.kind === o.kind && p.metadata.name === o.metadata.name),
    );
    expect(added.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual([
      "NetworkPolicy/tender-allow-metrics-ingress",
      "Service/tender-metrics",
      "ServiceMonitor/tender-search",
    ]);
    for (const o of added) expect(o.metadata.namespace, o.metadata.name).toBe("tender");
    for (const o of added.filter((o) => o.kind !== "ServiceMonitor"))
      expect(() => validateK8sObject(o)).not.toThrow();
  });

  it("the Service reaches each service's metrics port: the gateway's METRICS_PORT, the workers' HEALTH_PORT", () => {
    const service = one("Service", "tender-metrics");
    for (const name of SERVICES) {
      expect(
        selects(
          { matchLabels: service.spec.selector },
          one("Deployment", name).spec.template.metadata.labels,
        ),
      ).toBe(true);
    }
    const targets = Object.fromEntries(
      service.spec.ports.map((p: { name: string; targetPort: string }) => [p.name, p.targetPort]),
    );
    expect(targets).toEqual({ metrics: "metrics", health: "health" });
    // The gateway's default METRICS_PORT; its public Service stays on 8080 only.
    expect(containerPort("gateway", "metrics")).toBe(9464);
    expect(env("gateway", "METRICS_PORT") ?? "9464").toBe("9464");
    expect(
      one("Service", "gateway").spec.ports.map((p: { targetPort: unknown }) => p.targetPort),
    ).not.toContain("metrics");
    for (const name of WORKERS) {
      expect(containerPort(name, "health"), name).toBe(Number(env(name, "HEALTH_PORT")));
      expect(containerPort(name, "metrics"), name).toBeUndefined();
    }
  });

  it("the ServiceMonitor scrapes /metrics on both ports of that Service", () => {
    const monitor = one("ServiceMonitor", "tender-search");
    expect(monitor.apiVersion).toBe("monitoring.coreos.com/v1");
    expect(selects(monitor.spec.selector, one("Service", "tender-metrics").metadata.labels ?? {})).toBe(true);
    expect(monitor.spec.endpoints.map((e: { port: string; path: string }) => [e.port, e.path])).toEqual([
      ["metrics", "/metrics"],
      ["health", "/metrics"],
    ]);
  });

  it("lets the monitoring namespace in on the two metrics ports only", () => {
    const policy = one("NetworkPolicy", "tender-allow-metrics-ingress");
    expect(policy.spec.policyTypes).toEqual(["Ingress"]);
    const [rule] = policy.spec.ingress;
    expect(rule.from).toEqual([
      { namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "monitoring" } } },
    ]);
    expect(rule.ports).toEqual([
      { protocol: "TCP", port: 9464 },
      { protocol: "TCP", port: 9090 },
    ]);
  });
});
