import type { ErrorObject } from "ajv";

/** ajv errors as short lines: `<JSON pointer> <problem>`, e.g. `/content_hash must match pattern "..."`. */
export function formatAjvErrors(errors: readonly ErrorObject[]): string[] {
  return errors.map((error) => {
    const path = error.instancePath || "/";
    const base = error.instancePath;
    switch (error.keyword) {
      case "additionalProperties":
        return `${base}/${error.params.additionalProperty} is not an allowed property`;
      case "required":
        return `${base}/${error.params.missingProperty} is required`;
      case "const":
        return `${path} must be ${JSON.stringify(error.params.allowedValue)}`;
      case "enum":
        return `${path} must be one of ${(error.params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(", ")}`;
      default:
        return `${path} ${error.message ?? "is invalid"}`;
    }
  });
}
