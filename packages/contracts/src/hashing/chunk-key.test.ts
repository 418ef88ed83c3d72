import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { chunkKey } from "./chunk-key.js";

const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const tenderId = "3f2c8a4e-1b7d-4c6e-9a0f-5d2e8b7c1a90";
const attachmentId = "0b6f3c1e-7a2d-4e5f-8c9b-1a2b3c4d5e6f";

describe("chunkKey", () => {
  it("hashes tender, 'metadata', position, content digest and model", () => {
    const content = "Road maintenance — Lyon";
    expect(
      chunkKey({ tenderId, attachmentId: null, position: 0, content, embeddingModel: "fake-hash-1024" }),
    ).toBe(sha(`${tenderId}:metadata:0:${sha(content)}:fake-hash-1024`));
  });

  it("uses the attachment id when there is one", () => {
    expect(
      chunkKey({ tenderId, attachmentId, position: 7, content: "page 2", embeddingModel: "bge-m3" }),
    ).toBe(sha(`${tenderId}:${attachmentId}:7:${sha("page 2")}:bge-m3`));
  });

  it("changes with each part", () => {
    const base = { tenderId, attachmentId, position: 1, content: "text", embeddingModel: "bge-m3" };
    const keys = new Set([
      chunkKey(base),
      chunkKey({ ...base, attachmentId: null }),
      chunkKey({ ...base, position: 2 }),
      chunkKey({ ...base, content: "text." }),
      chunkKey({ ...base, embeddingModel: "fake-hash-1024" }),
      chunkKey({ ...base, tenderId: attachmentId }),
    ]);
    expect(keys.size).toBe(6);
  });

  it("refuses a position that is not a non-negative integer", () => {
    const base = { tenderId, attachmentId, content: "text", embeddingModel: "bge-m3" };
    for (const position of [-1, 1.5, Number.NaN]) {
      expect(() => chunkKey({ ...base, position })).toThrow(RangeError);
    }
  });
});
