import { createFakeProvider } from "@tender/ai";
import { createDb } from "@tender/db";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../create-app.js";
import { DOCS_CSP_RELAXED } from "../docs/docs-page.js";
import { readJson } from "../testing/requests.js";
import { captureLogger, testConfig } from "../testing/test-deps.js";
import { WEB_APP_SECURITY_HEADERS } from "./web-app.route.js";

// Never queried: these routes do not touch the database.
const db = createDb("postgres://postgres@127.0.0.1:1/unused", { max: 1 });
afterAll(() => db.destroy());
const app = createApp({
  db,
  ai: createFakeProvider(),
  config: testConfig(),
  logger: captureLogger().logger,
});

function references(html: string): string[] {
  return [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1] as string);
}

describe("interactive docs", () => {
  it("reference only assets of this server, and every one is served", async () => {
    const page = await app.request("/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    const refs = references(html);
    expect(refs.length).toBeGreaterThanOrEqual(5);
    expect(html).not.toMatch(/https?:\/\/|\/\/[a-z]/i);
    for (const ref of refs) {
      expect(ref.startsWith("/docs/")).toBe(true);
      const asset = await app.request(ref);
      expect(asset.status, ref).toBe(200);
      expect((await asset.arrayBuffer()).byteLength, ref).toBeGreaterThan(100);
    }
    expect(refs).toContain("/docs/swagger-ui-bundle.js");
  });

  it("start Swagger UI on the local document, without the remote validator", async () => {
    const script = await (await app.request("/docs/swagger-initializer.js")).text();
    expect(script).toContain('url: "/openapi.json"');
    expect(script).toContain("validatorUrl: null");
    expect(script).not.toMatch(/https?:\/\//);
    const bundle = await app.request("/docs/swagger-ui-bundle.js");
    expect(bundle.headers.get("content-type")).toMatch(/javascript/);
    expect((await bundle.text()).length).toBeGreaterThan(500_000);
  });

  it("serve nothing else from the package folder", async () => {
    for (const path of [
      "/docs/package.json",
      "/docs/index.html",
      "/docs/..%2Fpackage.json",
      "/docs/%2e%2e",
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect((await readJson(response)).error.code).toBe("not_found");
    }
  });
});

describe("the docs' security headers", () => {
  it("forbid framing and sniffing and allow only this origin, on the page and every asset", async () => {
    const page = await app.request("/docs");
    const refs = [...references(await page.text()), "/docs/swagger-initializer.js"];
    for (const path of ["/docs", ...refs]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("referrer-policy"), path).toBe("no-referrer");
      const csp = response.headers.get("content-security-policy") ?? "";
      const directives = new Map(
        csp.split(";").map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values.join(" ")] as const;
        }),
      );
      expect(directives.get("frame-ancestors"), path).toBe("'none'");
      expect(directives.get("default-src"), path).toBe("'self'");
      expect(directives.get("object-src"), path).toBe("'none'");
      expect(directives.get("base-uri"), path).toBe("'none'");
      // Scripts only from this server, never inline or eval'd: a spec text cannot run code here.
      expect(directives.get("script-src"), path).toBe("'self'");
      expect(directives.get("connect-src"), path).toBe("'self'");
    }
  });

  it("are the web app's, relaxed only where Swagger UI needs it", async () => {
    const docs = (await app.request("/docs")).headers;
    const web = (await app.request("/app/")).headers;
    for (const name of Object.keys(WEB_APP_SECURITY_HEADERS).filter((n) => n !== "Content-Security-Policy")) {
      expect(docs.get(name), name).toBe(web.get(name));
    }
    const directives = (csp: string | null) => new Set((csp ?? "").split(/;\s*/));
    const extra = [...directives(docs.get("content-security-policy"))].filter(
      (d) => !directives(web.get("content-security-policy")).has(d),
    );
    const relaxed = Object.entries(DOCS_CSP_RELAXED).map(([name, value]) => `${name} ${value}`);
    expect(extra.toSorted()).toEqual(relaxed.toSorted());
  });
});

describe("GET /openapi.json", () => {
  it("serves the OpenAPI 3.1 document", async () => {
    const response = await app.request("/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const document = await readJson(response);
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths).sort()).toEqual([
      "/api/v1/ask",
      "/api/v1/awards/search",
      "/api/v1/awards/search/summary",
      "/api/v1/cpv",
      "/api/v1/email/confirm",
      "/api/v1/email/unsubscribe",
      "/api/v1/facets",
      "/api/v1/feeds/{token}",
      "/api/v1/organisations",
      "/api/v1/organisations/{id}",
      "/api/v1/organisations/{id}/competitors",
      "/api/v1/procedures/{id}",
      "/api/v1/procedures/{id}/notices",
      "/api/v1/saved-searches",
      "/api/v1/saved-searches/{id}",
      "/api/v1/saved-searches/{id}/feed-token",
      "/api/v1/saved-searches/{id}/matches",
      "/api/v1/search",
      "/api/v1/tenders",
      "/api/v1/tenders/{id}",
      "/api/v1/tenders/{id}/similar",
      "/api/v1/tenders/{id}/similar/summary",
      "/health/live",
      "/health/ready",
    ]);
  });
});
