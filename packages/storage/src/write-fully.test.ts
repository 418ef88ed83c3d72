import type { FileHandle } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { writeFully } from "./write-fully.js";

/** A file that stores at most `perCall` bytes per write, as a nearly full disk may. */
function shortWriter(perCall: number) {
  const stored: number[] = [];
  const file = {
    async write(buffer: Uint8Array, offset: number, length: number) {
      const n = Math.min(perCall, length);
      stored.push(...buffer.subarray(offset, offset + n));
      return { bytesWritten: n, buffer };
    },
  } as unknown as Pick<FileHandle, "write">;
  return { file, stored };
}

describe("writeFully", () => {
  it("keeps writing until every byte is stored", async () => {
    const { file, stored } = shortWriter(3);
    await writeFully(file, Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]));
    expect(stored).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("fails instead of looping when a write stores nothing", async () => {
    const { file } = shortWriter(0);
    await expect(writeFully(file, Uint8Array.from([1]))).rejects.toMatchObject({ code: "EIO" });
  });
});
