import { Deployment, StatefulSet } from "kubernetes-models/apps/v1";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import { Job } from "kubernetes-models/batch/v1";
import { NetworkPolicy } from "kubernetes-models/networking.k8s.io/v1";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";
import { ConfigMap, Namespace, Secret, Service, ServiceAccount } from "kubernetes-models/v1";
import type { K8sObject } from "./render-kustomize.js";

type ModelClass = new (data: never) => { validate(): void };

// Every kind the manifests use, by `apiVersion/kind`. A new kind must be added here to be validated.
const MODELS: Record<string, ModelClass> = {
  "apps/v1/Deployment": Deployment,
  "apps/v1/StatefulSet": StatefulSet,
  "autoscaling/v2/HorizontalPodAutoscaler": HorizontalPodAutoscaler,
  "batch/v1/Job": Job,
  "networking.k8s.io/v1/NetworkPolicy": NetworkPolicy,
  "policy/v1/PodDisruptionBudget": PodDisruptionBudget,
  "v1/ConfigMap": ConfigMap,
  "v1/Namespace": Namespace,
  "v1/Secret": Secret,
  "v1/Service": Service,
  "v1/ServiceAccount": ServiceAccount,
};

// kustomize wraps long base64 Secret values over several lines; the API server's base64
// decoder ignores the line breaks, the models' "byte" format does not.
function normalize(object: K8sObject): K8sObject {
  if (object.kind !== "Secret" || object.data === undefined) return object;
  const data = Object.fromEntries(Object.entries(object.data).map(([k, v]) => [k, v.replace(/\s+/g, "")]));
  return { ...object, data };
}

/**
 * Validates `object` against the kubernetes-models schema of its kind (types, required fields,
 * formats such as quantities). Throws with the object's kind and name on a problem.
 */
export function validateK8sObject(object: K8sObject): void {
  const key = `${object.apiVersion}/${object.kind}`;
  const Model = MODELS[key];
  if (Model === undefined) throw new Error(`no kubernetes-models class for ${key} (add it to MODELS)`);
  try {
    new Model(normalize(object) as never).validate();
  } catch (error) {
    throw new Error(`${object.kind} ${object.metadata?.name}: ${(error as Error).message}`);
  }
}
