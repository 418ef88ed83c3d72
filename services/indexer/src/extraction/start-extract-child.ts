import { type ChildProcess, fork } from "node:child_process";

// Run from TypeScript sources (vitest), the child imports `./x.js` specifiers that exist only as
// `./x.ts`: this hook maps them. Node strips the types itself.
const SOURCE_RESOLVE_HOOK = `
import { registerHooks } from "node:module";
registerHooks({
  resolve(specifier, context, next) {
    if (specifier.startsWith(".") && specifier.endsWith(".js") && context.parentURL?.endsWith(".ts")) {
      try { return next(specifier, context); } catch { return next(specifier.slice(0, -3) + ".ts", context); }
    }
    return next(specifier, context);
  },
});
`;

/**
 * Starts an extraction child process with its heap capped at `maxMemoryMb`: `extract-child.js`
 * next to this module when running from `dist`, or its `.ts` source when running from sources.
 * The child gets no environment (no credentials) and no stdin/stdout; stderr is piped so an
 * out-of-memory death can be told from other crashes.
 */
export function startExtractChild(maxMemoryMb: number): ChildProcess {
  const here = import.meta.url;
  const fromSource = here.endsWith(".ts");
  const entry = new URL(fromSource ? "./extract-child.ts" : "./extract-child.js", here);
  const hook = fromSource
    ? ["--import", `data:text/javascript,${encodeURIComponent(SOURCE_RESOLVE_HOOK)}`]
    : [];
  return fork(entry, [], {
    execArgv: [...hook, `--max-old-space-size=${maxMemoryMb}`],
    env: {},
    serialization: "advanced",
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
}
