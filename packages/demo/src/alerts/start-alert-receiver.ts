import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhookSignature } from "@tender/contracts";

/** One webhook call the receiver got. */
export interface ReceivedAlert {
  /** `X-Tender-Alert-Id`. */
  alertId: string;
  /** The signature is valid for the secret the receiver trusts, and recent. */
  signed: boolean;
  /** The body as JSON (an AlertV1 when the notifier sent it); undefined when it is not JSON. */
  body: unknown;
}

export interface AlertReceiver {
  /** `http://127.0.0.1:<port>/alerts`: the saved search's `webhook_url`. */
  url: string;
  received: ReceivedAlert[];
  /**
   * Adds a webhook secret signatures are checked with (known once its saved search exists): a
   * call signed with any trusted secret is signed.
   */
  trust(secret: string): void;
  close(): Promise<void>;
}

/** Bodies beyond this are refused: an alert is a few kilobytes. */
const MAX_BODY_BYTES = 1 << 20;

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(undefined);
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/**
 * A webhook receiver on 127.0.0.1 as a user would run one: `POST /alerts` answers 204 to a call
 * whose signature checks out and 401 to any other, and hands each call to `onAlert`.
 * Calls repeated by the notifier (delivery is at least once) have the same alert id.
 */
export async function startAlertReceiver(onAlert: (alert: ReceivedAlert) => void): Promise<AlertReceiver> {
  const secrets = new Set<string>();
  const received: ReceivedAlert[] = [];
  const server = createServer((request, response) => {
    if (request.method !== "POST" || request.url !== "/alerts") {
      response.writeHead(404).end();
      return;
    }
    readBody(request).then(
      (raw) => {
        if (raw === undefined) {
          response.writeHead(413).end();
          return;
        }
        const header = request.headers["x-tender-signature"];
        const signature = typeof header === "string" ? header : undefined;
        const signed = [...secrets].some((secret) => verifyWebhookSignature(secret, signature, raw));
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          body = undefined;
        }
        const alert = { alertId: String(request.headers["x-tender-alert-id"] ?? ""), signed, body };
        received.push(alert);
        response.writeHead(signed ? 204 : 401).end();
        onAlert(alert);
      },
      () => response.writeHead(400).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/alerts`,
    received,
    trust: (value) => {
      secrets.add(value);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
