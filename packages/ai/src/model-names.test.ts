import { describe, expect, it } from "vitest";
import { checkListedModels, sameModelName } from "./model-names.js";

describe("model names", () => {
  it("treats an untagged name as :latest", () => {
    expect(sameModelName("bge-m3", "bge-m3:latest")).toBe(true);
    expect(sameModelName("bge-m3:latest", "bge-m3")).toBe(true);
    expect(sameModelName("bge-m3", "bge-m3:567m")).toBe(false);
    expect(sameModelName("qwen2.5:7b", "qwen2.5:latest")).toBe(false);
    expect(sameModelName("registry:5000/bge-m3", "registry:5000/bge-m3:latest")).toBe(true);
  });

  it("lists every configured model that is missing, once", () => {
    expect(checkListedModels(["a", "b"], ["b:latest", "a"])).toEqual({ ok: true });
    expect(checkListedModels(["a", "a", "c"], ["b"])).toEqual({
      ok: false,
      reason: "AI server does not list model a, c",
    });
  });
});
