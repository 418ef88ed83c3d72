/**
 * The NATS header carrying the W3C trace context from the outbox relay's publish span to the
 * consumer's handling span (same name and format as the HTTP header).
 */
export const TRACEPARENT_HEADER = "traceparent";
