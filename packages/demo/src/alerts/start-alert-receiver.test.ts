import { signWebhookBody } from "@tender/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { type AlertReceiver, type ReceivedAlert, startAlertReceiver } from "./start-alert-receiver.js";

const SECRET = "whsec_demo";
const sign = (secret: string, t: number, body: string) => signWebhookBody(secret, body, t);

describe("startAlertReceiver", () => {
  let receiver: AlertReceiver | undefined;
  afterEach(async () => receiver?.close());

  it("answers 204 to a signed alert and 401 to an unsigned one, handing both on", async () => {
    const got: ReceivedAlert[] = [];
    receiver = await startAlertReceiver((alert) => got.push(alert));
    receiver.trust(SECRET);
    const body = JSON.stringify({ alert_id: "a1", score: 0.5 });
    const post = (headers: Record<string, string>) =>
      fetch(receiver?.url ?? "", { method: "POST", headers, body });
    const signed = await post({
      "x-tender-alert-id": "a1",
      "x-tender-signature": sign(SECRET, Math.floor(Date.now() / 1000), body),
    });
    expect(signed.status).toBe(204);
    const forged = await post({ "x-tender-alert-id": "a1", "x-tender-signature": sign("other", 1, body) });
    expect(forged.status).toBe(401);
    expect(got).toEqual([
      { alertId: "a1", signed: true, body: { alert_id: "a1", score: 0.5 } },
      { alertId: "a1", signed: false, body: { alert_id: "a1", score: 0.5 } },
    ]);
    expect((await fetch(receiver.url.replace("/alerts", "/other"), { method: "POST" })).status).toBe(404);
  });

  it("checks signatures against every trusted secret (one per saved search)", async () => {
    receiver = await startAlertReceiver(() => {});
    receiver.trust(SECRET);
    receiver.trust("whsec_second");
    const body = "{}";
    const now = Math.floor(Date.now() / 1000);
    const post = (secret: string) =>
      fetch(receiver?.url ?? "", {
        method: "POST",
        headers: { "x-tender-signature": sign(secret, now, body) },
        body,
      });
    expect((await post(SECRET)).status).toBe(204);
    expect((await post("whsec_second")).status).toBe(204);
    expect((await post("whsec_third")).status).toBe(401);
  });
});
