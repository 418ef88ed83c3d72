import { describe, expect, it } from "vitest";
import { parseVmRss, readProcResidentBytes } from "./read-resident-bytes.js";

describe("resident memory of a process", () => {
  it("reads VmRSS from a /proc status text, in bytes", () => {
    const status = "Name:\tnode\nVmPeak:\t 1200000 kB\nVmRSS:\t   52312 kB\nRssAnon:\t   30000 kB\n";
    expect(parseVmRss(status)).toBe(52_312 * 1024);
    expect(parseVmRss("Name:\tkthreadd\n")).toBeUndefined();
  });

  it("answers undefined for a process that does not exist", async () => {
    expect(await readProcResidentBytes(2 ** 22 + 12_345)).toBeUndefined();
  });

  it("measures a live process (Linux, where the services run)", async () => {
    // Any Node process keeps well over 10 MB resident.
    expect(await readProcResidentBytes(process.pid)).toBeGreaterThan(10 * 1024 * 1024);
  });
});
