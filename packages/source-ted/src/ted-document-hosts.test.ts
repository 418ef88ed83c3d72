import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TED_DOCUMENT_HOSTS } from "./ted-document-hosts.js";
import { tedNoticeToTenderRecord } from "./ted-notice-to-tender-record.js";
import { TED_FIXTURES, tedFixturePath } from "./testing/ted-fixtures.js";

const covered = (host: string) =>
  TED_DOCUMENT_HOSTS.some((entry) => host === entry || host.endsWith(`.${entry}`));

describe("TED_DOCUMENT_HOSTS", () => {
  it("covers the host of every attachment mapped from the recorded notices", () => {
    const page = JSON.parse(readFileSync(tedFixturePath(TED_FIXTURES.digitalCompetitionPage), "utf8")) as {
      notices: unknown[];
    };
    const hosts = page.notices.flatMap((notice) => {
      const result = tedNoticeToTenderRecord(notice);
      return result.ok ? result.record.attachments.map((a) => new URL(a.source_url).hostname) : [];
    });
    expect(hosts.length).toBeGreaterThan(0);
    expect(hosts.filter((host) => !covered(host))).toEqual([]);
  });
});
