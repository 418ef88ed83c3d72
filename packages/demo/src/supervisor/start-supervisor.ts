import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";

/** One process to run. */
export interface ServiceSpec {
  name: string;
  command: string;
  args: readonly string[];
  /** The complete environment of the process (nothing is inherited). */
  env: Readonly<Record<string, string>>;
  cwd: string;
}

/** How a process ended. */
export interface ServiceExit {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when it had to be killed because it did not stop within the time given. */
  killed: boolean;
}

export interface Supervisor {
  /** The first process that ends without being asked to; pending while all of them run. */
  readonly unexpectedExit: Promise<ServiceExit>;
  /** Names of the processes still running. */
  running(): string[];
  /**
   * SIGTERM to every running process, then SIGKILL to any still running after `timeoutMs`
   * (default 20 s). Resolves with how each one ended. Safe to call more than once.
   */
  stop(timeoutMs?: number): Promise<ServiceExit[]>;
}

export interface SupervisorOptions {
  /** Every line a process writes, stdout and stderr alike. */
  onLine: (service: string, line: string) => void;
}

interface Running {
  spec: ServiceSpec;
  child: ChildProcess;
  exited: Promise<ServiceExit>;
  /** Set once the process has exited and its output is drained. */
  done: boolean;
  killed: boolean;
}

export function describeExit(exit: ServiceExit): string {
  if (exit.signal) return `killed by ${exit.signal}`;
  return `exit code ${exit.code ?? "unknown"}`;
}

/**
 * Starts every spec as a child process and watches them; restarts nothing. Each child gets its
 * own process group, so a Ctrl-C in the terminal reaches only the supervisor's process, which
 * then stops the children in an orderly way (`stop`). If the supervisor's process exits while
 * children run, they get SIGKILL.
 */
export function startSupervisor(specs: readonly ServiceSpec[], options: SupervisorOptions): Supervisor {
  let stopping: Promise<ServiceExit[]> | null = null;
  const { promise: unexpectedExit, resolve: reportUnexpected } = Promise.withResolvers<ServiceExit>();

  const start = (spec: ServiceSpec): Running => {
    const child = spawn(spec.command, [...spec.args], {
      cwd: spec.cwd,
      env: { ...spec.env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    for (const stream of [child.stdout, child.stderr]) {
      if (stream) createInterface({ input: stream }).on("line", (line) => options.onLine(spec.name, line));
    }
    const ended = Promise.withResolvers<ServiceExit>();
    child.once("error", (error) => {
      options.onLine(spec.name, `could not start: ${error.message}`);
      ended.resolve({ name: spec.name, code: null, signal: null, killed: false });
    });
    // "close" comes after "exit" once the output pipes are drained: no line is lost.
    child.once("close", (code, signal) =>
      ended.resolve({ name: spec.name, code, signal, killed: entry.killed }),
    );
    const entry: Running = {
      spec,
      child,
      done: false,
      killed: false,
      exited: ended.promise.then((exit) => {
        entry.done = true;
        if (stopping === null) reportUnexpected(exit);
        return exit;
      }),
    };
    return entry;
  };
  const processes = specs.map(start);

  const isRunning = (p: Running) => p.child.exitCode === null && p.child.signalCode === null;
  // SIGTERM goes to the service alone (it stops its own helpers); SIGKILL to its whole group.
  const signal = (p: Running, name: NodeJS.Signals) => {
    if (p.child.pid === undefined) return;
    try {
      if (name === "SIGKILL") process.kill(-p.child.pid, name);
      else if (isRunning(p)) p.child.kill(name);
    } catch {
      // Already gone.
    }
  };
  const killAll = () => {
    for (const p of processes) if (!p.done) signal(p, "SIGKILL");
  };
  process.once("exit", killAll);

  return {
    unexpectedExit,
    running: () => processes.filter(isRunning).map((p) => p.spec.name),
    stop(timeoutMs = 20_000) {
      stopping ??= (async () => {
        for (const p of processes) signal(p, "SIGTERM");
        const timer = setTimeout(() => {
          for (const p of processes.filter((p) => !p.done)) {
            p.killed = true;
            signal(p, "SIGKILL");
          }
        }, timeoutMs);
        try {
          return await Promise.all(processes.map((p) => p.exited));
        } finally {
          clearTimeout(timer);
          process.removeListener("exit", killAll);
        }
      })();
      return stopping;
    },
  };
}
