import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { DemoData, JsonObject } from "./demo-data.js";
import { emptyCfPage, serveCfPage } from "./serve-cf-page.js";
import { emptyTedPage, serveTedPage } from "./serve-ted-page.js";
import { toPublicUrls } from "./site-urls.js";

const TED_SEARCH = "/v3/notices/search";
const TED_TOKEN = /^demo-ted-page-(\d+)$/;

/** The demo's stand-in for the sources' APIs (TED and every source with recorded OCDS pages) and their document sites. */
export interface DemoReplayServer {
  /** `http://127.0.0.1:<port>`: every ingest service's base URL setting (TED_BASE_URL, ...). */
  readonly baseUrl: string;
  /**
   * While false, the search APIs answer an empty first page (an upstream with nothing new yet);
   * documents are served either way.
   */
  setAvailable(available: boolean): void;
  /** When a search API (by source code, e.g. `ted`) first answered with data; undefined before. */
  firstServedAt(source: string): Date | undefined;
  /**
   * Publishes the next held page of an OCDS source (`DemoOcdsSource.held`): from the next pass on
   * it is served after the source's other pages, as a notice the upstream published meanwhile.
   * False when the source has none left.
   */
  publishNext(source: string): boolean;
  close(): Promise<void>;
}

export interface DemoReplayServerOptions {
  /** Default true. */
  available?: boolean;
  /** Default 0 (any free port). */
  port?: number;
}

function send(res: ServerResponse, status: number, body: unknown, contentType = "application/json"): void {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  res.writeHead(status, { "content-type": contentType, "content-length": bytes.length }).end(bytes);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The page index a continuation names, or null when it is unknown (the API answers 400). */
function pageIndex(text: string | null | undefined, pattern: RegExp, pageCount: number): number | null {
  const match = pattern.exec(text ?? "");
  const index = match ? Number(match[1]) : Number.NaN;
  return Number.isInteger(index) && index > 0 && index < pageCount ? index : null;
}

/**
 * Starts the replay server on 127.0.0.1. `POST /v3/notices/search` serves the TED pages chained
 * by `iterationNextToken`; each OCDS source's path (`GET /Published/Notices/OCDS/Search` for
 * Contracts Finder...) serves its release packages chained by `links.next`; any other GET serves the documents the pages link, under their
 * public path (404 for any document the demo does not have).
 */
export async function startDemoReplayServer(
  data: DemoData,
  options: DemoReplayServerOptions = {},
): Promise<DemoReplayServer> {
  let available = options.available ?? true;
  const servedAt = new Map<string, Date>();
  const served = (source: string) => {
    if (!servedAt.has(source)) servedAt.set(source, new Date());
  };
  let baseUrl = "";
  // Held pages published so far, by source code.
  const published = new Map<string, number>();
  const servedPages = (source: DemoData["ocdsSources"][number]) => [
    ...source.pages,
    ...source.held.slice(0, published.get(source.code) ?? 0),
  ];

  const answerTed = (body: string, res: ServerResponse) => {
    let token: unknown;
    try {
      token = (JSON.parse(body) as { iterationNextToken?: unknown }).iterationNextToken;
    } catch {
      return send(res, 400, { error: "request body is not JSON" });
    }
    if (token !== undefined && token !== null && typeof token !== "string") {
      return send(res, 400, { error: "iterationNextToken must be a string" });
    }
    const index = token ? pageIndex(token, TED_TOKEN, data.tedPages.length) : 0;
    if (index === null) return send(res, 400, { error: "unknown or expired iterationNextToken" });
    const page = data.tedPages[index];
    if (!available || !page) return send(res, 200, emptyTedPage());
    const next = index + 1 < data.tedPages.length ? `demo-ted-page-${index + 1}` : null;
    served("ted");
    send(res, 200, serveTedPage(page, next, baseUrl));
  };

  // Every OCDS source serves release packages chained by links.next.
  const answerOcds = (url: URL, res: ServerResponse, source: string, pages: readonly JsonObject[]) => {
    const prefix = `demo-${source}-page-`;
    const cursor = url.searchParams.get("cursor");
    const index = cursor === null ? 0 : pageIndex(cursor, new RegExp(`^${prefix}(\\d+)$`), pages.length);
    if (index === null) return send(res, 400, { error: "unknown cursor" });
    const page = pages[index];
    if (!available || !page) return send(res, 200, emptyCfPage(pages[0]));
    let next: string | null = null;
    if (index + 1 < pages.length) {
      const link = new URL(`${baseUrl}${url.pathname}${url.search}`);
      link.searchParams.set("cursor", `${prefix}${index + 1}`);
      next = link.toString();
    }
    served(source);
    send(res, 200, serveCfPage(page, next, baseUrl));
  };

  const answerDocument = (pathAndQuery: string, res: ServerResponse) => {
    const document = toPublicUrls(pathAndQuery)
      .map((url) => data.documents.get(url))
      .find((d) => d !== undefined);
    if (!document) {
      return send(res, 404, Buffer.from("This document is not part of the demo data.\n"), "text/plain");
    }
    send(res, 200, document.bytes, document.contentType);
  };

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://replay.invalid");
      const body = await readBody(req);
      if (url.pathname === TED_SEARCH && req.method === "POST") return answerTed(body, res);
      const ocds = data.ocdsSources.find((source) => source.path === url.pathname);
      if (ocds && req.method === "GET") return answerOcds(url, res, ocds.code, servedPages(ocds));
      if (req.method === "GET") return answerDocument(`${url.pathname}${url.search}`, res);
      send(res, 404, { error: `no route for ${req.method} ${url.pathname}` });
    } catch (error) {
      send(res, 500, { error: (error as Error).message });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    setAvailable(next) {
      available = next;
    },
    firstServedAt: (source) => servedAt.get(source),
    publishNext(code) {
      const source = data.ocdsSources.find((s) => s.code === code);
      const count = published.get(code) ?? 0;
      if (!source || count >= source.held.length) return false;
      published.set(code, count + 1);
      return true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
