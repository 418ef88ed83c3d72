import { describe, expect, it } from "vitest";
import { hideUrlPassword, isSecretVariable } from "./secret-values.js";

describe("isSecretVariable", () => {
  it("flags names containing KEY, SECRET, PASSWORD or TOKEN in any case", () => {
    for (const name of ["AI_API_KEY", "KEYRING", "client_secret", "PGPASSWORD", "Slack_Token"]) {
      expect(isSecretVariable(name)).toBe(true);
    }
    for (const name of ["DATABASE_URL", "LOG_LEVEL", "PORT", "AI_PROVIDER"])
      expect(isSecretVariable(name)).toBe(false);
  });
});

describe("hideUrlPassword", () => {
  it("masks only the password of a URL", () => {
    expect(hideUrlPassword("postgres://app:pw@db:5432/x")).toBe("postgres://app:***@db:5432/x");
    expect(hideUrlPassword("postgres://app:p@ss@db/x")).toBe("postgres://app:***@db/x");
    expect(hideUrlPassword("postgres://app@db/x")).toBe("postgres://app@db/x");
    expect(hideUrlPassword("not a url")).toBe("not a url");
  });
});
