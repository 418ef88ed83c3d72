import type { ProcedureNotice } from "@tender/contracts";
import { describe, expect, it } from "vitest";
import { latestVersion } from "./latest-version.js";

const notice = (id: string, supersededBy: string | null): ProcedureNotice => ({
  id,
  external_id: `N-${id}`,
  kind: "change",
  published_at: "2026-10-01T00:00:00.000Z",
  superseded_by: supersededBy,
  changes: null,
});

describe("the latest version of a replaced notice", () => {
  it("follows the chain of replacements to its end", () => {
    const chain = [notice("a", "b"), notice("b", "c"), notice("c", null), notice("r", null)];
    expect(latestVersion(chain, "a")?.id).toBe("c");
    expect(latestVersion(chain, "b")?.id).toBe("c");
  });

  it("is null for a current notice, an unknown one, or a successor not listed", () => {
    expect(latestVersion([notice("a", null)], "a")).toBeNull();
    expect(latestVersion([notice("a", null)], "zz")).toBeNull();
    expect(latestVersion([notice("a", "gone")], "a")).toBeNull();
  });

  it("stops on a loop instead of running forever", () => {
    expect(latestVersion([notice("a", "b"), notice("b", "a")], "a")?.id).toBe("b");
  });
});
