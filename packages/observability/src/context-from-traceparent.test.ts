import { ROOT_CONTEXT } from "@opentelemetry/api";
import { Traceparent } from "@tender/contracts";
import { traceparentArb, traceparentCandidateArb } from "@tender/contracts/testing";
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { contextFromTraceparent } from "./context-from-traceparent.js";
import { currentTraceparent } from "./current-traceparent.js";

describe("contextFromTraceparent and currentTraceparent", () => {
  it("give back a valid traceparent unchanged", () => {
    fc.assert(
      fc.property(traceparentArb, (traceparent) => {
        expect(currentTraceparent(contextFromTraceparent(traceparent))).toBe(traceparent);
      }),
    );
  });

  it("turn anything else into the root context, without throwing", () => {
    fc.assert(
      fc.property(fc.oneof(traceparentCandidateArb, fc.anything()), (value) => {
        const ctx = contextFromTraceparent(value);
        if (v.is(Traceparent, value)) expect(currentTraceparent(ctx)).toBe(value);
        else expect(ctx).toBe(ROOT_CONTEXT);
      }),
    );
    expect(currentTraceparent(ROOT_CONTEXT)).toBeUndefined();
  });
});
