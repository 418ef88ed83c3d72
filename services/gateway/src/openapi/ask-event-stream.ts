/** How a streamed Ask reads, for the operation's description. */
export const ASK_STREAM_DESCRIPTION = `

**Streaming.** With \`Accept: text/event-stream\` the answer comes as Server-Sent Events, in this order: one \`sources\` (\`{"sources": [...]}\`, the same items as the JSON answer), zero or more \`delta\` (\`{"text": "..."}\`), then one \`done\` (\`{"answer": "...", "sources": [...]}\`, an AskResponse; the deltas put together equal \`answer\`). Authentication, validation, rate limiting and the search fail as usual, with the JSON envelope and its status. A failure after the first byte ends the stream with one \`error\` event holding the envelope (an ErrorResponse). Nothing relevant: \`sources\` with \`[]\`, then \`done\` with the fixed sentence. A client that disconnects cancels the model request. The request is counted once. In every answer, streamed or not, a citation \`[n]\` outside 1..len(sources) is removed.`;

/** The `text/event-stream` media type of Ask's 200, next to its JSON. */
export function askEventStream(ref: (name: string) => unknown): Record<string, unknown> {
  return {
    "text/event-stream": {
      schema: {
        type: "string",
        description: "Events `sources`, `delta`*, then `done`; or `error` after the first byte.",
        // OpenAPI 3.1 cannot type the events of a stream: the data of each is listed here.
        "x-events": {
          sources: {
            type: "object",
            required: ["sources"],
            properties: { sources: { $ref: "#/components/schemas/AskResponse/properties/sources" } },
          },
          delta: {
            type: "object",
            required: ["text"],
            properties: { text: { type: "string" } },
            additionalProperties: false,
          },
          done: ref("AskResponse"),
          error: ref("ErrorResponse"),
        },
      },
      example:
        'event: sources\ndata: {"sources":[…]}\n\nevent: delta\ndata: {"text":"Road "}\n\nevent: delta\ndata: {"text":"repair. [1]"}\n\nevent: done\ndata: {"answer":"Road repair. [1]","sources":[…]}\n\n',
    },
  };
}
