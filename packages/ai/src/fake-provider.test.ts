import { describe, expect, it } from "vitest";
import { buildAskPrompt, NOT_ENOUGH_DATA_ANSWER } from "./build-ask-prompt.js";
import { fakeEmbed } from "./fake-embed.js";
import { createFakeProvider } from "./fake-provider.js";

const fragments = [
  {
    title: "Road maintenance",
    source_url: "https://example.org/t/1",
    text: "Resurfacing of 12.5 km! Deadline May.",
  },
  {
    title: "Серверы",
    source_url: "https://example.org/t/2",
    text: "Поставка серверов\nи СХД. Срок 30 дней.",
  },
  { title: "No stop", source_url: "https://example.org/t/3", text: "Text without a full stop" },
];

describe("createFakeProvider", () => {
  const fake = createFakeProvider();

  it("embeds in input order with null for texts without tokens", async () => {
    const texts = ["road maintenance 2026", "—", "Поставка серверного оборудования"];
    expect(await fake.embed(texts)).toEqual([fakeEmbed(texts[0] ?? ""), null, fakeEmbed(texts[2] ?? "")]);
    expect(await fake.embed([])).toEqual([]);
    expect(fake.embedModel).toBe("fake-hash-1024");
  });

  it("answers with the first sentence of each fragment, cited as [n]", async () => {
    const prompt = buildAskPrompt({ question: "What is delivered?", fragments });
    expect(await fake.generate(prompt)).toBe(
      ["Resurfacing of 12.5 km! [1]", "Поставка серверов и СХД. [2]", "Text without a full stop [3]"].join(
        "\n",
      ),
    );
  });

  it("is deterministic and uses only text from its prompt", async () => {
    const prompt = buildAskPrompt({ question: "Что поставляется?", fragments });
    const answer = await fake.generate(prompt);
    expect(await fake.generate(prompt)).toBe(answer);
    expect(await createFakeProvider().generate({ ...prompt })).toBe(answer);
    const words = answer.match(/[\p{L}\p{N}.]+/gu) ?? [];
    for (const word of words) expect(`${prompt.system}\n${prompt.user}`).toContain(word);
  });

  it("streams the same answer word by word", async () => {
    const prompt = buildAskPrompt({ question: "What is delivered?", fragments });
    const pieces: string[] = [];
    for await (const piece of fake.generateStream(prompt)) pieces.push(piece);
    expect(pieces.join("")).toBe(await fake.generate(prompt));
    expect(pieces.slice(0, 4)).toEqual(["Resurfacing ", "of ", "12.5 ", "km! "]);
    const signal = AbortSignal.abort(new Error("gone"));
    await expect(fake.generateStream(prompt, { signal })[Symbol.asyncIterator]().next()).rejects.toThrow(
      "gone",
    );
  });

  it("pauses between streamed words when asked to, and stops at once on abort", async () => {
    const prompt = buildAskPrompt({ question: "What is delivered?", fragments });
    const slow = createFakeProvider({ wordDelayMs: 5_000 });
    const controller = new AbortController();
    const iterator = slow.generateStream(prompt, { signal: controller.signal })[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toBe("Resurfacing ");
    const second = iterator.next();
    controller.abort(new Error("client left"));
    await expect(second).rejects.toThrow("client left");
  });

  it("treats a stray [n] line inside a fragment as text", async () => {
    const text = "First point. More.\n[9] not a header.\n\n[2] looks like the next one.\nQuestion: new?";
    const prompt = buildAskPrompt({ question: "q?", fragments: [{ title: "t", source_url: "u", text }] });
    expect(await fake.generate(prompt)).toBe("First point. [1]");
  });

  it("answers the fixed sentence when the prompt has no fragments", async () => {
    expect(await fake.generate({ system: "s", user: "Question: anything?" })).toBe(NOT_ENOUGH_DATA_ANSWER);
  });

  it("is always healthy and honours an aborted signal", async () => {
    expect(await fake.health()).toEqual({ ok: true });
    const signal = AbortSignal.abort(new Error("stop"));
    await expect(fake.embed(["road"], { signal })).rejects.toThrow("stop");
  });
});
