import { useTestDatabase } from "@tender/testing";
import { describe, expect, it } from "vitest";
import { createDb } from "../create-db.js";
import { ensureSource, findSourceByCode, listSources, saveSourceCursor } from "./sources.repository.js";

const t = useTestDatabase();
describe("sources repository", () => {
  it("ensureSource creates a missing source once and returns the same row afterwards", async () => {
    const first = await ensureSource(t.db, "ted");
    expect(first).toMatchObject({ code: "ted", cursor: null, last_sync_at: null });
    const again = await ensureSource(t.db, "ted");
    expect(again.id).toBe(first.id);
    expect(await findSourceByCode(t.db, "ted")).toEqual(first);
  });

  it("20 parallel ensureSource calls for one code return one id and leave one row", async () => {
    // A pool as wide as the calls, so they really run at the same time.
    const wide = createDb(t.url, { max: 20 });
    const rows = await Promise.all(
      Array.from({ length: 20 }, () => ensureSource(wide, "contracts_finder")),
    ).finally(() => wide.destroy());
    expect(new Set(rows.map((r) => r.id)).size).toBe(1);
    const stored = (await listSources(t.db)).filter((s) => s.code === "contracts_finder");
    expect(stored.map((s) => s.id)).toEqual([rows[0]?.id]);
  });

  it("ensureSource keeps the stored cursor of an existing source", async () => {
    const source = await ensureSource(t.db, "keeps_cursor");
    await saveSourceCursor(t.db, source.id, "page=7", new Date("2024-05-01T10:00:00Z"));
    expect((await ensureSource(t.db, "keeps_cursor")).cursor).toBe("page=7");
  });

  it("saveSourceCursor stores the cursor exactly as given and the sync time", async () => {
    const source = await ensureSource(t.db, "cursor_src");
    const cursor = "  eyJvZmZzZXQiOjQyfQ==?a=1&b=ü  ";
    const syncedAt = new Date("2024-06-02T03:04:05.678Z");
    await saveSourceCursor(t.db, source.id, cursor, syncedAt);
    const stored = await findSourceByCode(t.db, "cursor_src");
    expect(stored?.cursor).toBe(cursor);
    expect(stored?.last_sync_at?.toISOString()).toBe(syncedAt.toISOString());

    await saveSourceCursor(t.db, source.id, null, syncedAt);
    expect((await findSourceByCode(t.db, "cursor_src"))?.cursor).toBeNull();
  });

  it("saveSourceCursor throws for an unknown source", async () => {
    await expect(
      saveSourceCursor(t.db, "00000000-0000-4000-8000-000000000000", "x", new Date()),
    ).rejects.toThrow(/does not exist/);
  });

  it("findSourceByCode returns undefined for an unknown code; listSources orders by code", async () => {
    expect(await findSourceByCode(t.db, "nope")).toBeUndefined();
    const codes = (await listSources(t.db)).map((s) => s.code);
    expect(codes).toEqual(["contracts_finder", "cursor_src", "keeps_cursor", "ted"]);
  });
});
