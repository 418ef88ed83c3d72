// Test support for code that talks to a model server: a local server speaking the Ollama and
// OpenAI-compatible protocols (or misbehaving on purpose), and a check for the typed failure.
export { dependencyFailure } from "./dependency-failure.js";
export {
  type ScriptedBody,
  type ScriptStep,
  type StreamEnding,
  type StreamProtocol,
  scriptedStream,
} from "./scripted-stream.js";
export {
  correctProtocols,
  type RecordedRequest,
  type Reply,
  type Responder,
  startTestModelServer,
  type TestModelServer,
  type TestModelServerOptions,
  testVector,
} from "./test-model-server.js";
