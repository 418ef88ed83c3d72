/** A node of PostgreSQL's `EXPLAIN (FORMAT JSON)` plan, with the fields plan-shape tests read. */
export interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** Every node of the plan in the rows of an `EXPLAIN (FORMAT JSON)` statement, depth first. */
export function planNodes(rows: readonly unknown[]): PlanNode[] {
  return nodes((rows[0] as { "QUERY PLAN": [{ Plan: PlanNode }] })["QUERY PLAN"][0].Plan);
}
