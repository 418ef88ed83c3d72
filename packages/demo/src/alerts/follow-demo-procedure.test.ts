import { describe, expect, it } from "vitest";
import { DEMO_PROCEDURE, type DemoProcedureStep } from "../replay/demo-procedure.js";
import { followDemoProcedure } from "./follow-demo-procedure.js";

const SEARCH = "Bidder (demo)";
const alert = (externalId: string, reason: string, over: Record<string, unknown> = {}, signed = true) => ({
  alertId: `${externalId}-${reason}`,
  signed,
  body: {
    reason,
    saved_search: { name: SEARCH },
    tender: { external_id: externalId },
    procedure_id: reason === "match" ? null : "p1",
    ...over,
  },
});
const [change, award] = DEMO_PROCEDURE.later.map((step) => step.externalId) as [string, string];
const call = DEMO_PROCEDURE.call.externalId;

describe("followDemoProcedure", () => {
  it("publishes the change after the call's match, the award after the change's follow-up, then finishes", async () => {
    const published: DemoProcedureStep[] = [];
    const story = followDemoProcedure(SEARCH, (step) => published.push(step));
    const finished = story.finished(5_000);
    story.onAlert(alert(call, "match"));
    expect(published.map((s) => s.externalId)).toEqual([change]);
    story.onAlert(alert(change, "changed"));
    expect(published.map((s) => s.externalId)).toEqual([change, award]);
    story.onAlert(alert(award, "awarded"));
    expect(published).toHaveLength(2);
    expect(await finished).toEqual([
      { externalId: call, reason: "match", procedureId: null },
      { externalId: change, reason: "changed", procedureId: "p1" },
      { externalId: award, reason: "awarded", procedureId: "p1" },
    ]);
    // Already finished: at once.
    expect(await story.finished(1)).toHaveLength(3);
  });

  it("ignores repeated deliveries, other searches, unsigned calls, wrong reasons and alerts out of turn", () => {
    const published: DemoProcedureStep[] = [];
    const story = followDemoProcedure(SEARCH, (step) => published.push(step));
    story.onAlert(alert(change, "changed"));
    story.onAlert(alert(call, "match", { saved_search: { name: "Other" } }));
    story.onAlert(alert(call, "match", {}, false));
    story.onAlert(alert(call, "changed"));
    story.onAlert({ alertId: "x", signed: true, body: "not an object" });
    expect(story.seen).toEqual([]);
    story.onAlert(alert(call, "match"));
    story.onAlert(alert(call, "match"));
    expect(story.seen).toHaveLength(1);
    expect(published).toHaveLength(1);
  });

  it("names the alert still awaited when the time is up, and stops on abort", async () => {
    const story = followDemoProcedure(SEARCH, () => {});
    story.onAlert(alert(call, "match"));
    await expect(story.finished(20)).rejects.toThrow(`no "changed" follow-up for ${change} within 0 s`);
    const abort = new AbortController();
    const waiting = story.finished(5_000, abort.signal);
    abort.abort(new Error("stopping"));
    await expect(waiting).rejects.toThrow("stopping");
  });
});
