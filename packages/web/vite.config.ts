import { gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

/** The most JavaScript the app may ship, gzip-compressed (issue 14). */
export const MAX_JS_GZIP_BYTES = 150 * 1024;

// Fails the build when the shipped JavaScript grows past the budget, so the limit cannot be
// crossed by accident; the bundle-size test checks the built files again.
function jsBudget(): Plugin {
  return {
    name: "tender-js-budget",
    generateBundle(_options, bundle) {
      let total = 0;
      for (const item of Object.values(bundle)) {
        if (item.type === "chunk") total += gzipSync(item.code).length;
      }
      if (total > MAX_JS_GZIP_BYTES) {
        this.error(`the app ships ${total} bytes of gzip JavaScript, over the ${MAX_JS_GZIP_BYTES} budget`);
      }
    },
  };
}

export default defineConfig({
  base: "/app/",
  // Preact's automatic JSX runtime, compiled by Vite's own transformer: no plugin needed.
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Nothing inlined as data: URLs; the CSP allows files from this origin only.
    assetsInlineLimit: 0,
    // No module-preload polyfill: every browser that runs the app has module preload.
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
  plugins: [jsBudget()],
});
