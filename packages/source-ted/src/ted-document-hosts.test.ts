import { readFileSync } from "node:fs";
import { createHostAllowlist } from "@tender/egress";
import { describe, expect, it } from "vitest";
import { TED_DOCUMENT_HOSTS } from "./ted-document-hosts.js";
import { TED_FIXTURES, tedFixturePath } from "./ted-fixtures.js";
import { tedNoticeToTenderRecord } from "./ted-notice-to-tender-record.js";

// The downloader's own rule: a listed name allows its subdomains, on the default port.
const covered = createHostAllowlist(TED_DOCUMENT_HOSTS);

describe("TED_DOCUMENT_HOSTS", () => {
  it("covers the host of every attachment mapped from the recorded notices", () => {
    const page = JSON.parse(readFileSync(tedFixturePath(TED_FIXTURES.digitalCompetitionPage), "utf8")) as {
      notices: unknown[];
    };
    const hosts = page.notices.flatMap((notice) => {
      const result = tedNoticeToTenderRecord(notice);
      return result.ok ? result.record.attachments.map((a) => new URL(a.source_url)) : [];
    });
    expect(hosts.length).toBeGreaterThan(0);
    expect(hosts.filter((url) => !covered(url)).map((url) => url.host)).toEqual([]);
  });
});
