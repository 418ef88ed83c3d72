import { ASK_SYSTEM_PROMPT, parseAskPrompt } from "@tender/ai";
import { createWireValidator, NOT_ENOUGH_DATA_ANSWER } from "@tender/contracts";
import { createApiKey } from "@tender/db";
import { createTestDatabase, emptyTables, seedTender, type TestDatabase } from "@tender/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { postJson, readJson } from "./testing/requests.js";
import { spyProvider, testConfig, testDeps } from "./testing/test-deps.js";

const validateAsk = createWireValidator("ask-response");
let tdb: TestDatabase;
let key: string;

async function ask(body: unknown, minRelevanceScore = 0.2) {
  const ai = spyProvider();
  const app = createApp(testDeps(tdb.db, { ai, config: testConfig({ minRelevanceScore }) }));
  const response = await postJson(app, "/api/v1/ask", body, key);
  expect(response.status).toBe(200);
  const json = await readJson(response);
  expect(validateAsk(json)).toMatchObject({ ok: true });
  return { json, ai, app };
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "ask", limitPerMinute: 10_000 })).key;
});
afterAll(() => tdb.destroy());
beforeEach(async () => {
  // DELETE, not TRUNCATE: far cheaper for a few rows.
  await emptyTables(tdb.db, ["tenders"]);
});

describe("POST /api/v1/ask", () => {
  it("answers the fixed sentence with no sources, without calling the model, when nothing is found", async () => {
    const empty = await ask({ query: "road repair" });
    expect(empty.json).toEqual({ answer: NOT_ENOUGH_DATA_ANSWER, sources: [] });
    expect(empty.json.answer).toBe("Недостаточно данных в базе знаний.");
    expect(empty.ai.calls).toEqual({ embed: 1, generate: 0, health: 0 });

    await seedTender(tdb.db, { chunks: ["School catering services."] });
    const unrelated = await ask({ query: "road repair" });
    expect(unrelated.json).toEqual({ answer: NOT_ENOUGH_DATA_ANSWER, sources: [] });
    expect(unrelated.ai.calls.generate).toBe(0);

    const noTokens = await ask({ query: "?!?" }, -1);
    expect(noTokens.json).toEqual({ answer: NOT_ENOUGH_DATA_ANSWER, sources: [] });
    expect(noTokens.ai.calls.generate).toBe(0);
  });

  it("answers from the prompt of the fragments and returns them, as Search finds them, as sources", async () => {
    const leeds = await seedTender(tdb.db, {
      title: "Leeds roads",
      attachments: ["lot1.pdf"],
      chunks: [
        "Road repair works in Leeds. Three lots.",
        { content: "Road repair of lot one. Night works only.", attachment: "lot1.pdf" },
      ],
    });
    const york = await seedTender(tdb.db, { title: "York roads", chunks: ["Road repair in York! Urgent."] });
    await seedTender(tdb.db, { chunks: ["Office furniture supply."] });

    const { json, ai, app } = await ask({ query: "road repair", limit: 3 });
    const search = await readJson(
      await postJson(app, "/api/v1/search", { query: "road repair", limit: 3 }, key),
    );
    expect(json.sources).toEqual(search.items);
    expect(json.sources).toHaveLength(3);
    expect(new Set(json.sources.map((s: { tender_id: string }) => s.tender_id))).toEqual(
      new Set([leeds.id, york.id]),
    );

    expect(ai.calls.generate).toBe(1);
    const [prompt] = ai.prompts;
    expect(prompt?.system).toBe(ASK_SYSTEM_PROMPT);
    expect(prompt?.user.startsWith("Question: road repair\n\nFragments:\n\n")).toBe(true);
    json.sources.forEach((source: { title: string; source_url: string; snippet: string }, i: number) => {
      expect(prompt?.user).toMatch(
        new RegExp(
          `\\[${i + 1}\\] ${source.title} — ${source.source_url}\n<<<fragment ${i + 1} [0-9a-f]{32}>>>\n`,
        ),
      );
      expect(parseAskPrompt(prompt?.user ?? "")?.fragments[i]?.text).toBe(source.snippet);
    });
    // The fake model cites the first sentence of each fragment in order.
    const firstSentence = (text: string) => /^.*?[.!?](?=\s|$)/su.exec(text)?.[0];
    expect(json.answer).toBe(
      json.sources
        .map((s: { snippet: string }, i: number) => `${firstSentence(s.snippet)} [${i + 1}]`)
        .join("\n"),
    );
  });

  it("uses at most 5 fragments by default", async () => {
    for (let i = 0; i < 7; i++) await seedTender(tdb.db, { chunks: [`Bridge survey, lot ${i}.`] });
    const { json, ai } = await ask({ query: "bridge survey" });
    expect(json.sources).toHaveLength(5);
    expect(ai.prompts[0]?.user).toContain("[5] ");
    expect(ai.prompts[0]?.user).not.toContain("[6] ");
  });
});
