import { type ChildProcess, spawn } from "node:child_process";

/** A built service (`dist/main.js`) started by a test as a child process, so it can be killed for real. */
export interface ServiceProcess {
  child: ChildProcess;
  /** JSON log lines written so far. */
  logs: Record<string, unknown>[];
  /** The exit code (null after a signal). */
  exited: Promise<number | null>;
}

/** Runs `node <main>` with exactly `env`; standard output is parsed as JSON lines, standard error passed on. */
export function startServiceProcess(main: string, env: Record<string, string | undefined>): ServiceProcess {
  const child = spawn(process.execPath, [main], { env, stdio: ["ignore", "pipe", "pipe"] });
  const logs: Record<string, unknown>[] = [];
  let buffered = "";
  child.stdout?.on("data", (data: Buffer) => {
    buffered += data.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) logs.push(JSON.parse(line));
  });
  child.stderr?.on("data", (data: Buffer) => process.stderr.write(data));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, logs, exited };
}

/**
 * Waits for the process's log line `msg` (its "… started" line, 25 s at most) and returns its
 * `health_port`; throws when the process exits first.
 */
export async function serviceStarted(service: ServiceProcess, msg: string): Promise<number> {
  for (const deadline = Date.now() + 25_000; Date.now() < deadline; ) {
    const line = service.logs.find((l) => l.msg === msg);
    if (line) return Number(line.health_port);
    if (service.child.exitCode !== null) throw new Error(`the service exited with ${service.child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`"${msg}" was not logged within 25 s`);
}
