/** One unpublished outbox row as the relay sees it. */
export interface OutboxEvent {
  id: number;
  /** Sent as `Nats-Msg-Id`, so a row published twice is stored once. */
  event_id: string;
  subject: string;
  payload: unknown;
  /** Publish attempts before this one. */
  attempts: number;
  /** W3C traceparent of the span that wrote the event; the publish span becomes its child. */
  traceparent?: string | null;
}

/** Rows claimed by one relay step; other relays skip them until the step ends. */
export interface OutboxClaim {
  /** Oldest first. */
  events: readonly OutboxEvent[];
  markPublished(ids: readonly number[]): Promise<void>;
  /** Counts a failed attempt and keeps the error on rows that stay queued. */
  recordFailure(ids: readonly number[], error: string): Promise<void>;
}

/**
 * Where the relay finds the events to publish. The bus does not know the database: the worker
 * wiring (`outboxStore` of @tender/worker) implements this on the outbox table.
 */
export interface OutboxStore {
  /** Claims up to `limit` unpublished events, runs `work` while holding them, then releases them (commit). */
  withClaimedBatch<T>(limit: number, work: (claim: OutboxClaim) => Promise<T>): Promise<T>;
  /** Deletes up to `limit` rows published before `before`; returns how many went. */
  deletePublished(before: Date, limit: number): Promise<number>;
}
