import { describe, expect, it } from "vitest";
import { loadComposeFile, withDefaults } from "./compose-file.js";
import { renderKustomization } from "./render-kustomize.js";

// docs/benchmarks.md, "Gateway: Search": Search is fast only while the chunks table's main part
// is in shared_buffers. With the compact layout (migration 0017) three chunks share an 8 KiB
// page, plus a quarter for growth and the other tables (docs/scaling.md, "Sizing").
const BYTES_PER_CHUNK = (8192 / 3) * 1.25;
const UNITS: Record<string, number> = { kB: 2 ** 10, MB: 2 ** 20, GB: 2 ** 30, TB: 2 ** 40 };
const QUANTITY: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30 };

/** The `-c name=value` settings of a postgres command line. */
function settings(args: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  args.forEach((arg, i) => {
    if (arg !== "-c") return;
    const [name = "", ...value] = (args[i + 1] ?? "").split("=");
    found.set(name, value.join("="));
  });
  return found;
}

/** A PostgreSQL memory setting ("1GB", "512MB") in bytes. */
function pgBytes(value: string | undefined): number {
  const match = /^(\d+)(kB|MB|GB|TB)$/.exec(value ?? "");
  if (!match) throw new Error(`not a PostgreSQL size: ${value}`);
  return Number(match[1]) * (UNITS[match[2] as string] as number);
}

/** A Kubernetes memory quantity ("1536Mi") in bytes. */
function quantityBytes(value: string | undefined): number {
  const match = /^(\d+)(Ki|Mi|Gi)$/.exec(value ?? "");
  if (!match) throw new Error(`not a memory quantity: ${value}`);
  return Number(match[1]) * (QUANTITY[match[2] as string] as number);
}

function expectSearchTuning(found: Map<string, string>, minimumChunks: number): void {
  expect(pgBytes(found.get("shared_buffers"))).toBeGreaterThanOrEqual(minimumChunks * BYTES_PER_CHUNK);
  expect(found.get("shared_preload_libraries")?.split(",")).toContain("pg_prewarm");
  expect(found.get("jit")).toBe("off");
}

describe("PostgreSQL tuning for the exact Search scan", () => {
  it("compose: shared_buffers holds 300,000 chunks by default, autoprewarm, no JIT", () => {
    const command = (loadComposeFile().services.postgres?.command ?? []).map(withDefaults);
    expect(command[0]).toBe("postgres");
    expectSearchTuning(settings(command), 300_000);
  });

  it("k8s dev: shared_buffers of 150,000 chunks, within the pod's memory limit", () => {
    const postgres = renderKustomization("k8s/overlays/dev").find(
      (o) => o.kind === "StatefulSet" && o.metadata.name === "postgres",
    );
    const container = postgres?.spec.template.spec.containers[0];
    const found = settings(container?.args ?? []);
    expectSearchTuning(found, 150_000);
    // The buffers are touched and count against the limit; the backends need room beside them.
    expect(quantityBytes(container?.resources?.limits?.memory)).toBeGreaterThanOrEqual(
      2 * pgBytes(found.get("shared_buffers")),
    );
  });
});
