import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { createWireValidator } from "../validators/create-wire-validator.js";
import { ERROR_CODES, ERROR_HTTP_STATUS } from "./error-code.js";
import { ErrorResponse } from "./error-response.js";

const envelope = (error: Record<string, unknown>) => ({
  error: { code: "not_found", message: "Tender not found", request_id: "req-1", details: null, ...error },
});

describe("ErrorResponse", () => {
  it("accepts every error code, with null or structured details", () => {
    const validate = createWireValidator("error-response");
    for (const code of ERROR_CODES) {
      const body = envelope({
        code,
        details: code === "validation_error" ? [{ path: "/query", message: "x" }] : null,
      });
      expect(v.parse(ErrorResponse, body)).toEqual(body);
      expect(validate(body).ok).toBe(true);
    }
  });

  it("maps each code to the status of docs/api.md#errors", () => {
    expect(Object.keys(ERROR_HTTP_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    expect(ERROR_HTTP_STATUS.validation_error).toBe(422);
    expect(ERROR_HTTP_STATUS.rate_limit_exceeded).toBe(429);
    expect(ERROR_HTTP_STATUS.dependency_unavailable).toBe(503);
  });

  it("rejects an unknown code, a missing details field, a bad request id and extra fields", () => {
    const validate = createWireValidator("error-response");
    const { details: _, ...withoutDetails } = envelope({}).error;
    for (const body of [
      envelope({ code: "teapot" }),
      { error: withoutDetails },
      envelope({ request_id: "has space" }),
      envelope({ stack: "Error: at ..." }),
      { ...envelope({}), status: 404 },
    ]) {
      expect(v.safeParse(ErrorResponse, body).success).toBe(false);
      expect(validate(body).ok).toBe(false);
    }
  });
});
