import { describe, expect, it } from "vitest";
import { type ServiceSpec, startSupervisor } from "./start-supervisor.js";

/** A Node process running `script`. */
function node(name: string, script: string): ServiceSpec {
  return { name, command: process.execPath, args: ["-e", script], env: {}, cwd: process.cwd() };
}

const STAYS = "setInterval(() => {}, 1000);";
// Each child installs its SIGTERM handler before it prints "up": the test signals on "up", and a
// signal arriving before the handler would end the child with Node's default action instead.
const GRACEFUL = `process.on("SIGTERM", () => { console.log("bye"); process.exit(0); }); console.log("up"); ${STAYS}`;
const STUBBORN = `process.on("SIGTERM", () => {}); console.log("up"); ${STAYS}`;

describe("startSupervisor", () => {
  it("passes every output line on with the service's name", async () => {
    const lines: string[] = [];
    const supervisor = startSupervisor([node("a", 'console.log("one\\ntwo"); console.error("three")')], {
      onLine: (service, line) => lines.push(`${service}:${line}`),
    });
    const exit = await supervisor.unexpectedExit;
    expect(exit).toEqual({ name: "a", code: 0, signal: null, killed: false });
    expect(lines.sort()).toEqual(["a:one", "a:three", "a:two"]);
  });

  it("reports the first service that exits on its own and restarts nothing", async () => {
    const supervisor = startSupervisor([node("stays", STAYS), node("dies", "process.exit(3)")], {
      onLine: () => {},
    });
    expect(await supervisor.unexpectedExit).toMatchObject({ name: "dies", code: 3 });
    expect(supervisor.running()).toEqual(["stays"]);
    const exits = await supervisor.stop(5_000);
    expect(exits.map((e) => [e.name, e.signal ?? e.code])).toEqual([
      ["stays", "SIGTERM"],
      ["dies", 3],
    ]);
    expect(supervisor.running()).toEqual([]);
  });

  it("stops with SIGTERM and lets a service finish, killing one that does not stop in time", async () => {
    const lines: string[] = [];
    const supervisor = startSupervisor([node("graceful", GRACEFUL), node("stubborn", STUBBORN)], {
      onLine: (service, line) => lines.push(`${service}:${line}`),
    });
    let unexpected = false;
    void supervisor.unexpectedExit.then(() => {
      unexpected = true;
    });
    while (!(lines.includes("graceful:up") && lines.includes("stubborn:up")))
      await new Promise((resolve) => setTimeout(resolve, 20));
    const exits = await supervisor.stop(1_000);
    expect(exits).toEqual([
      { name: "graceful", code: 0, signal: null, killed: false },
      { name: "stubborn", code: null, signal: "SIGKILL", killed: true },
    ]);
    expect(lines).toContain("graceful:bye");
    expect(unexpected).toBe(false);
    expect(await supervisor.stop()).toBe(exits);
  });

  it("reports a command that cannot start", async () => {
    const lines: string[] = [];
    const supervisor = startSupervisor(
      [{ name: "ghost", command: "/nonexistent/command", args: [], env: {}, cwd: process.cwd() }],
      { onLine: (service, line) => lines.push(`${service}:${line}`) },
    );
    expect(await supervisor.unexpectedExit).toMatchObject({ name: "ghost", code: null });
    expect(lines[0]).toMatch(/^ghost:could not start: spawn \/nonexistent\/command ENOENT/);
  });
});
