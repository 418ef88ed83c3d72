import { describe, expect, it } from "vitest";
import { databaseName, recreateDemoDatabase } from "./recreate-database.js";

describe("recreateDemoDatabase", () => {
  it("refuses a database whose name does not say demo, before connecting anywhere", async () => {
    await expect(recreateDemoDatabase("postgres://nobody@192.0.2.1:5432/tender")).rejects.toThrow(
      'refusing to recreate database "tender": the demo drops and recreates its database on every run, so its name must contain "demo"',
    );
  });

  it("reads the database name from the URL", () => {
    expect(databaseName("postgres://postgres@127.0.0.1:5432/tender_demo?sslmode=disable")).toBe(
      "tender_demo",
    );
  });
});
