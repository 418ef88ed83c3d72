import { AiDependencyError } from "../ai-dependency-error.js";

/** The AiDependencyError a promise rejects with; fails when it resolves or rejects otherwise. */
export async function dependencyFailure(promise: Promise<unknown>): Promise<AiDependencyError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AiDependencyError) return error;
    throw new Error(`expected an AiDependencyError, got ${String(error)}`);
  }
  throw new Error("expected an AiDependencyError, but the call succeeded");
}
