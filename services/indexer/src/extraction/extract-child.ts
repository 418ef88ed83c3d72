// Entry of an extraction child process: untrusted files are parsed here, in a process of its
// own with a capped heap, so a hostile file can at worst kill this process, never the indexer.
import { extractDocument } from "./extract-document.js";
import type { WorkerRequest, WorkerResponse } from "./worker-protocol.js";

const send = process.send?.bind(process);
if (!send) throw new Error("extract-child.js runs only as a child process with an IPC channel");

// A parser's stray promise must not end the process; the job's own promise still settles.
process.on("unhandledRejection", () => {});
// The indexer went away (even by SIGKILL): nothing is left to answer.
process.on("disconnect", () => process.exit(0));

process.on("message", async (request: WorkerRequest) => {
  let result: WorkerResponse["result"];
  try {
    result = await extractDocument(
      { bytes: request.bytes, filename: request.filename, contentType: request.contentType },
      request.limits,
    );
  } catch {
    result = {
      segments: [],
      failures: [{ entry: "", reason: "crashed", detail: "extraction failed unexpectedly" }],
    };
  }
  send({ id: request.id, result } satisfies WorkerResponse);
});
