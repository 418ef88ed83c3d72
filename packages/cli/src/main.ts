#!/usr/bin/env node
// The `tender` executable: the only place that touches the real process.
import { runCli } from "./build-program.js";

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  signals: process,
});
