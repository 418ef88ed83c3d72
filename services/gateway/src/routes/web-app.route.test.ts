import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFakeProvider } from "@tender/ai";
import { createDb } from "@tender/db";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../create-app.js";
import type { Deps } from "../deps.js";
import { readJson } from "../testing/requests.js";
import { captureLogger, testConfig } from "../testing/test-deps.js";
import { WEB_APP_SECURITY_HEADERS } from "./web-app.route.js";

// Never queried: these routes do not touch the database.
const db = createDb("postgres://postgres@127.0.0.1:1/unused", { max: 1 });
afterAll(() => db.destroy());
const appWith = (overrides: Partial<Deps> = {}) =>
  createApp({
    db,
    ai: createFakeProvider(),
    config: testConfig(),
    logger: captureLogger().logger,
    ...overrides,
  });
// The real build of packages/web: `pnpm build` (and scripts/test.sh) make it before the tests.
const app = appWith();

function expectSecurityHeaders(response: Response) {
  for (const [name, value] of Object.entries(WEB_APP_SECURITY_HEADERS)) {
    expect(response.headers.get(name), name).toBe(value);
  }
}

describe("the web app under /app/", () => {
  it("serves index.html uncached, with the CSP, and every file it references cached for a year", async () => {
    const page = await app.request("/app/");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    expectSecurityHeaders(page);
    expect(page.headers.get("content-security-policy")).toMatch(/^default-src 'self';/);
    const html = await page.text();
    // No inline script or style, nothing from another origin.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=/);
    expect(html).not.toMatch(/https?:\/\/|="\/\/[a-z]/i);
    const refs = [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1] as string);
    expect(refs.some((r) => r.endsWith(".js"))).toBe(true);
    expect(refs.some((r) => r.endsWith(".css"))).toBe(true);
    for (const ref of refs) {
      expect(ref).toMatch(/^\/app\/assets\/[\w.-]+-[\w-]{8}\.(js|css|svg)$/);
      const asset = await app.request(ref);
      expect(asset.status, ref).toBe(200);
      expect(asset.headers.get("cache-control"), ref).toBe("public, max-age=31536000, immutable");
      expect(asset.headers.get("content-type"), ref).toMatch(/^(text\/javascript|text\/css|image\/svg\+xml)/);
      expectSecurityHeaders(asset);
      expect((await asset.arrayBuffer()).byteLength, ref).toBeGreaterThan(100);
    }
  });

  it("answers every page of the app with index.html, and /app with a redirect to /app/", async () => {
    const index = await (await app.request("/app/")).text();
    for (const path of ["/app/saved", "/app/tenders/3b82f611-1be5-433b-a285-e6a21457a3b0", "/app/?q=roads"]) {
      const page = await app.request(path);
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toBe(index);
    }
    const bare = await app.request("/app");
    expect(bare.status).toBe(301);
    expect(bare.headers.get("location")).toBe("/app/");
  });

  it("answers a missing asset, or a path out of the folder, with the not_found envelope", async () => {
    for (const path of [
      "/app/assets/nothing-12345678.js",
      "/app/assets/..%2F..%2Fpackage.json",
      "/app/assets/",
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect((await readJson(response)).error.code, path).toBe("not_found");
      expectSecurityHeaders(response);
    }
  });

  it("says how to build the app when it is not built", async () => {
    const empty = await mkdtemp(join(tmpdir(), "web-app-"));
    try {
      const response = await appWith({ webAppDir: join(empty, "dist") }).request("/app/");
      expect(response.status).toBe(404);
      expect((await readJson(response)).error.message).toMatch(/pnpm build/);
    } finally {
      await rm(empty, { recursive: true });
    }
  });
});
