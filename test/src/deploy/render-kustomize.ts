import { execFileSync } from "node:child_process";
import { parseAllDocuments } from "yaml";
import { repoPath } from "./repo-path.js";

/** A rendered Kubernetes object, loosely typed: the checks read what they need. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  // biome-ignore lint/suspicious/noExplicitAny: rendered YAML; kubernetes-models validates its types separately.
  spec?: any;
  data?: Record<string, string>;
  [key: string]: unknown;
}

const INSTALL_HINT =
  "kubectl with kustomize v4 or newer is required to render k8s/overlays (the machine image's /usr/bin/kubectl has kustomize v5; Debian bookworm's kubernetes-client 1.20 is too old)";

let checked = false;

/** Fails with what to install unless kubectl with a recent enough kustomize is on PATH. */
function requireKubectl(): void {
  if (checked) return;
  let version: string;
  try {
    version = execFileSync("kubectl", ["version", "--client"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === "ENOENT"
        ? `kubectl is not installed: ${INSTALL_HINT}`
        : `kubectl does not run: ${INSTALL_HINT}`,
    );
  }
  const major = Number(/Kustomize Version: v(\d+)/.exec(version)?.[1] ?? 0);
  if (major < 4)
    throw new Error(
      `kubectl's kustomize is too old (${version.trim().split("\n").join("; ")}): ${INSTALL_HINT}`,
    );
  checked = true;
}

/**
 * `kubectl kustomize <dir>` (dir relative to the repository root), parsed into objects.
 * kubectl is a real requirement of these checks: without it they fail and say how to get it.
 */
export function renderKustomization(dir: string): K8sObject[] {
  requireKubectl();
  let output: string;
  try {
    output = execFileSync("kubectl", ["kustomize", repoPath(dir)], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    throw new Error(`kubectl kustomize ${dir} failed: ${e.stderr?.trim() || e.message}`);
  }
  return parseAllDocuments(output).flatMap((doc) => {
    if (doc.errors.length > 0) throw new Error(`${dir}: ${doc.errors[0]?.message}`);
    const value = doc.toJS() as K8sObject | null;
    return value === null ? [] : [value];
  });
}
