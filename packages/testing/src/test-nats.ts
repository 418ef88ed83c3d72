import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import "./provided-context.js";

/** The NATS server of this test run. */
export function testNatsUrl(): string {
  return inject("testNatsUrl");
}

/**
 * A unique token for stream, subject and consumer names, so test files sharing one NATS server
 * never see each other's messages. Use it as a prefix: `T_${token}` for streams, `t${token}.` for subjects.
 */
export function uniqueBusToken(): string {
  return randomBytes(5).toString("hex").toUpperCase();
}
