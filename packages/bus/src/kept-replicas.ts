/**
 * The replicas a stream keeps: the configured number, but never fewer than the server has.
 * Lowering replicas drops copies of the data; that is an operator's decision, not a start-up's.
 */
export function keptReplicas(configured: number, onServer: number): number {
  return Math.max(configured, onServer);
}
