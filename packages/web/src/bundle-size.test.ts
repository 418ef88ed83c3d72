import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { MAX_JS_GZIP_BYTES } from "../vite.config.js";

const dist = join(import.meta.dirname, "..", "dist");

describe("the built web app", () => {
  it(`ships at most ${MAX_JS_GZIP_BYTES / 1024} KB of gzip JavaScript (the build must have run)`, async () => {
    const assets = await readdir(join(dist, "assets"));
    const scripts = assets.filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    let total = 0;
    for (const name of scripts) total += gzipSync(await readFile(join(dist, "assets", name))).length;
    expect(total).toBeGreaterThan(1_000);
    expect(total).toBeLessThanOrEqual(MAX_JS_GZIP_BYTES);
  });
});
