/** A Kubernetes label selector (matchLabels and matchExpressions). */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: {
    key: string;
    operator: "In" | "NotIn" | "Exists" | "DoesNotExist";
    values?: string[];
  }[];
}

/** Whether `labels` are selected by `selector`, with the API server's semantics (empty selects all). */
export function selects(selector: LabelSelector, labels: Readonly<Record<string, string>>): boolean {
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const byExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    const has = Object.hasOwn(labels, key);
    switch (operator) {
      case "In":
        return has && values.includes(labels[key] ?? "");
      case "NotIn":
        return !has || !values.includes(labels[key] ?? "");
      case "Exists":
        return has;
      case "DoesNotExist":
        return !has;
    }
    return false;
  });
  return byLabels && byExpressions;
}
