import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import {
  DEMO_ASK_QUESTION,
  DEMO_NOTICES_QUERY,
  DEMO_SEARCH_QUERY,
  demoCurlCommands,
  shellQuote,
} from "./demo-requests.js";

/** What a POSIX shell makes of `words` (each argument on its own line). */
const shellWords = (words: string) =>
  execFileSync("/bin/sh", ["-c", `printf '%s\\n' ${words}`], { encoding: "utf8" })
    .trimEnd()
    .split("\n");

describe("shellQuote", () => {
  it("gives the shell back exactly the text, quotes and all", () => {
    for (const text of ["plain", "dell'IVA", `{"query":"it's \\"x\\" $HOME \`id\`"}`, "a  b", "è ü"]) {
      expect(shellWords(shellQuote(text))).toEqual([text]);
    }
  });
});

describe("demoCurlCommands", () => {
  const key = "tsk_abcDEF123_-";
  const commands = demoCurlCommands("http://127.0.0.1:8080", key, "3f1c0a52-0000-4000-8000-000000000001");

  it("Search and Ask post the demo's query as JSON with the key", () => {
    // The continuation lines joined, as the shell reads them.
    const search = shellWords(commands.search.replaceAll("\\\n", " ").replace(/^curl /, ""));
    expect(search).toEqual([
      "-s",
      "http://127.0.0.1:8080/api/v1/search",
      "-H",
      `X-API-Key: ${key}`,
      "-H",
      "Content-Type: application/json",
      "-d",
      JSON.stringify({ query: DEMO_SEARCH_QUERY, limit: 3 }),
    ]);
    const notices = shellWords(commands.notices.replaceAll("\\\n", " ").replace(/^curl /, ""));
    expect(notices.slice(0, -1)).toEqual(search.slice(0, -1));
    expect(JSON.parse(notices.at(-1) ?? "")).toEqual({ query: DEMO_NOTICES_QUERY, limit: 4 });
    const filtered = shellWords(commands.filtered.replaceAll("\\\n", " ").replace(/^curl /, ""));
    expect(JSON.parse(filtered.at(-1) ?? "")).toEqual({
      query: DEMO_NOTICES_QUERY,
      limit: 4,
      filters: { countries: ["DE"], cpv: ["72"] },
    });
    expect(shellWords(commands.browse.replace(/^curl /, ""))).toEqual([
      "-s",
      "http://127.0.0.1:8080/api/v1/tenders?country=FR&cpv=72&sort=deadline_asc&limit=5",
      "-H",
      `X-API-Key: ${key}`,
    ]);
    const ask = shellWords(commands.ask.replaceAll("\\\n", " ").replace(/^curl /, ""));
    expect(ask[1]).toBe("http://127.0.0.1:8080/api/v1/ask");
    expect(JSON.parse(ask.at(-1) ?? "")).toEqual({ query: DEMO_ASK_QUESTION, limit: 3 });
    const stream = shellWords(commands.askStream.replaceAll("\\\n", " ").replace(/^curl /, ""));
    expect(stream.slice(0, 3)).toEqual(["-N", "-s", "http://127.0.0.1:8080/api/v1/ask"]);
    expect(stream).toContain("Accept: text/event-stream");
    expect(stream).toContain(`X-API-Key: ${key}`);
    expect(JSON.parse(stream.at(-1) ?? "")).toEqual({ query: DEMO_ASK_QUESTION, limit: 3 });
  });

  it("the card command names the tender; none without a tender", () => {
    expect(commands.card).toBe(
      `curl -s http://127.0.0.1:8080/api/v1/tenders/3f1c0a52-0000-4000-8000-000000000001 -H 'X-API-Key: ${key}'`,
    );
    expect(demoCurlCommands("http://h", key, undefined).card).toBeNull();
  });

  it("the procedure command names the procedure; none without one", () => {
    const id = "9d2c7a10-0000-4000-8000-000000000002";
    expect(shellWords(demoCurlCommands("http://h", key, undefined, id).procedure ?? "")).toEqual([
      "curl",
      "-s",
      `http://h/api/v1/procedures/${id}`,
      "-H",
      `X-API-Key: ${key}`,
    ]);
    expect(commands.procedure).toBeNull();
  });
});
