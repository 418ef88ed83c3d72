// Test support: a webhook receiver on 127.0.0.1 that checks every request as a real receiver
// should (signature over the raw body, alert id header, AlertV1 body) and keeps what it got.
import type { IncomingMessage, ServerResponse } from "node:http";
import { AlertV1, createWireValidator, verifyWebhookSignature } from "@tender/contracts";
import { type DocumentServer, startDocumentServer } from "@tender/egress/testing";
import * as v from "valibot";

/** One request the receiver got, checked. */
export interface ReceivedAlert {
  alertId: string;
  /** Signature valid for the secret, and `t` within five minutes of now. */
  signed: boolean;
  /** Body is an AlertV1 (valibot and schemas/alert-v1.schema.json) whose alert_id equals the header's. */
  valid: boolean;
  alert: AlertV1 | undefined;
  /** What the receiver answered (or "hang": it never did). */
  answer: number | "hang";
  contentType: string | undefined;
  /** When the request's body had arrived (epoch ms). */
  at: number;
}

/** How the receiver answers the next requests: a status, or never ("hang"). */
export type ReceiverMode = number | "hang";

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/hook` */
  url: string;
  server: DocumentServer;
  received: ReceivedAlert[];
  /** Alert ids answered with a 2xx, each as often as it was. */
  delivered(): string[];
  mode: ReceiverMode;
  close(): Promise<void>;
}

/** Starts a receiver that verifies signatures with `secret` and answers 204 until told otherwise. */
export async function startWebhookReceiver(secret: string): Promise<WebhookReceiver> {
  const server = await startDocumentServer("127.0.0.1");
  const wire = createWireValidator("alert-v1");
  const receiver: WebhookReceiver = {
    url: `${server.origin}/hook`,
    server,
    received: [],
    mode: 204,
    delivered: () =>
      receiver.received.filter((r) => typeof r.answer === "number" && r.answer < 300).map((r) => r.alertId),
    close: () => server.close(),
  };
  server.route("/hook", (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const alertId = String(request.headers["x-tender-alert-id"] ?? "");
      const json: unknown = JSON.parse(raw);
      const parsed = v.safeParse(AlertV1, json);
      const answer = receiver.mode;
      receiver.received.push({
        alertId,
        signed: verifyWebhookSignature(
          secret,
          request.headers["x-tender-signature"] as string | undefined,
          raw,
        ),
        valid: parsed.success && wire(json).ok && parsed.output.alert_id === alertId,
        alert: parsed.success ? parsed.output : undefined,
        answer,
        contentType: request.headers["content-type"],
        at: Date.now(),
      });
      if (answer !== "hang") response.writeHead(answer).end();
    });
  });
  return receiver;
}
