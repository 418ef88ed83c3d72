import { createFakeProvider } from "@tender/ai";
import { createDb } from "@tender/db";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../create-app.js";
import { readJson } from "../testing/requests.js";
import { captureLogger, testConfig } from "../testing/test-deps.js";

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

describe("GET /openapi.json", () => {
  it("serves the OpenAPI 3.1 document", async () => {
    const response = await app.request("/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const document = await readJson(response);
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths).sort()).toEqual([
      "/api/v1/ask",
      "/api/v1/email/confirm",
      "/api/v1/email/unsubscribe",
      "/api/v1/facets",
      "/api/v1/feeds/{token}",
      "/api/v1/saved-searches",
      "/api/v1/saved-searches/{id}",
      "/api/v1/saved-searches/{id}/feed-token",
      "/api/v1/saved-searches/{id}/matches",
      "/api/v1/search",
      "/api/v1/tenders",
      "/api/v1/tenders/{id}",
      "/health/live",
      "/health/ready",
    ]);
  });
});
