import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { publicUrl } from "./public-url.js";

describe("publicUrl", () => {
  it("keeps the request's path and query on PUBLIC_BASE_URL, whatever host the request named", () => {
    fc.assert(
      fc.property(
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        fc.constantFrom(
          "https://tenders.example.org",
          "https://tenders.example.org/",
          "http://[::1]:8080/a/b//",
        ),
        (requestUrl, base) => {
          const request = new URL(requestUrl);
          const built = new URL(publicUrl(base, requestUrl));
          const configured = new URL(base);
          expect(built.origin).toBe(configured.origin);
          expect(built.pathname).toBe(`${configured.pathname.replace(/\/+$/, "")}${request.pathname}`);
          expect(built.search).toBe(request.search);
          expect(built.hash).toBe("");
        },
      ),
    );
  });

  it("is the request's own URL when PUBLIC_BASE_URL is unset", () => {
    expect(publicUrl(undefined, "http://gateway.local:8080/api/v1/feeds/x")).toBe(
      "http://gateway.local:8080/api/v1/feeds/x",
    );
  });
});
