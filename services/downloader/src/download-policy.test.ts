import { describe, expect, it } from "vitest";
import { downloadPolicy } from "./download-policy.js";

describe("downloadPolicy", () => {
  it("refuses private addresses unless DOWNLOAD_ALLOW_PRIVATE_ADDRESSES=true, metadata always", () => {
    const base = { maxBytes: 1, timeoutMs: 1_000, extraAllowedHosts: [], resolveHost: async () => [] };
    const allowing = downloadPolicy({ ...base, allowPrivateAddresses: true });
    expect(allowing.addressReason("127.0.0.1")).toBeUndefined();
    expect(allowing.addressReason("169.254.169.254")).toBe("a cloud metadata address");
    expect(allowing.addressReason("168.63.129.16")).toBe("a cloud metadata address");
    const strict = downloadPolicy({ ...base, allowPrivateAddresses: false });
    expect(strict.addressReason("127.0.0.1")).toBe("a loopback address");
  });
});
