import { describe, expect, it } from "vitest";
import type { AiProvider } from "./ai-provider.js";
import { createFakeProvider } from "./fake-provider.js";
import { type AiCallRecord, observeAiProvider } from "./observe-ai-provider.js";

describe("observeAiProvider", () => {
  it("records each embed and generate call, streamed ones at their end, failures as not ok", async () => {
    const calls: AiCallRecord[] = [];
    const ai = observeAiProvider(createFakeProvider(), (call) => calls.push(call));
    await ai.embed(["road repair"]);
    await ai.generate({ system: "s", user: "road" });
    for await (const _ of ai.generateStream({ system: "s", user: "road" })) {
    }
    expect(calls.map((c) => [c.operation, c.ok])).toEqual([
      ["embed", true],
      ["generate", true],
      ["generate", true],
    ]);
    for (const c of calls) expect(c.seconds).toBeGreaterThanOrEqual(0);

    const failing: AiProvider = {
      ...createFakeProvider(),
      embed: async () => Promise.reject(new Error("down")),
    };
    const observed = observeAiProvider(failing, (call) => calls.push(call));
    await expect(observed.embed(["x"])).rejects.toThrow("down");
    expect(calls.at(-1)).toMatchObject({ operation: "embed", ok: false });
  });
});
