import { Counter, type Registry } from "prom-client";

/**
 * A counter `name{outcome}` registered in `registry`, returned as the recorder its callers
 * call with each outcome (a value from a closed list, so the label stays bounded).
 */
export function outcomeCounter<O extends string>(
  registry: Registry,
  name: string,
  help: string,
): (outcome: O) => void {
  const counter = new Counter({ name, help, labelNames: ["outcome"], registers: [registry] });
  return (outcome) => counter.inc({ outcome });
}
