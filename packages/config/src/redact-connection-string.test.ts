import { describe, expect, it } from "vitest";
import { redactConnectionString } from "./redact-connection-string.js";

describe("redactConnectionString", () => {
  it("masks the password and keeps user, host, port and path", () => {
    expect(redactConnectionString("postgres://u:p@h:5432/db")).toBe("postgres://u:[REDACTED]@h:5432/db");
    expect(redactConnectionString("postgresql://:only-pw@h/db")).toBe("postgresql://:[REDACTED]@h/db");
  });
  it("covers an unencoded @ in the password and several URLs in one text", () => {
    expect(redactConnectionString("a postgres://u:p@ss@h/db and nats://n:q@x:4222")).toBe(
      "a postgres://u:[REDACTED]@h/db and nats://n:[REDACTED]@x:4222",
    );
  });
  it("leaves text without credentials unchanged", () => {
    for (const text of ["postgres://u@h/db", "http://h:8080/a@b", "mailto:a@b", "no url at all"]) {
      expect(redactConnectionString(text)).toBe(text);
    }
  });
});
