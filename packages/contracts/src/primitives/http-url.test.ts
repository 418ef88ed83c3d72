import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { HttpUrl } from "./http-url.js";

describe("HttpUrl", () => {
  it("accepts absolute http(s) URLs, trimmed and otherwise unchanged", () => {
    expect(v.parse(HttpUrl, "https://ted.europa.eu/en/notice/-/detail/123456-2026")).toBe(
      "https://ted.europa.eu/en/notice/-/detail/123456-2026",
    );
    expect(v.parse(HttpUrl, "  http://example.com?a=1#x \n")).toBe("http://example.com?a=1#x");
    expect(v.parse(HttpUrl, "https://example.com/a%20b")).toBe("https://example.com/a%20b");
  });

  it("rejects relative URLs, other schemes and what RFC 3986 does not allow", () => {
    for (const text of [
      "/notice/1",
      "example.com",
      "ftp://example.com/file",
      "javascript:alert(1)",
      "mailto:a@b.c",
      "http://",
      "https://exa mple.com",
      "https://example.com/a b",
      "https://example.com/a|b",
      "HTTPS://example.com",
      "",
    ]) {
      const result = v.safeParse(HttpUrl, text);
      expect(result.success, text).toBe(false);
      expect(result.issues?.[0]?.message).toBe("Must be an absolute http(s) URL");
    }
  });
});
