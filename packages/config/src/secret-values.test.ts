import { describe, expect, it } from "vitest";
import { isSecretVariable } from "./secret-values.js";

describe("isSecretVariable", () => {
  it("flags names containing KEY, SECRET, PASSWORD or TOKEN in any case", () => {
    for (const name of ["AI_API_KEY", "KEYRING", "client_secret", "PGPASSWORD", "Slack_Token"]) {
      expect(isSecretVariable(name)).toBe(true);
    }
    for (const name of ["DATABASE_URL", "LOG_LEVEL", "PORT", "AI_PROVIDER"])
      expect(isSecretVariable(name)).toBe(false);
  });
});
