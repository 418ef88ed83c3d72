/** The content codings the gateway can write, best first when a client likes them equally. */
export const CONTENT_CODINGS = ["br", "gzip"] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

// Longer headers are not parsed: no client needs that many codings.
const MAX_HEADER_LENGTH = 1024;

/**
 * The coding to answer with for an `Accept-Encoding` header (RFC 9110 12.5.3): the one with the
 * highest weight above 0, `*` standing for any coding not named, `br` before `gzip` on a tie;
 * none when the header is absent, unparsable, or accepts neither.
 */
export function chooseEncoding(header: string | undefined): ContentCoding | undefined {
  if (!header || header.length > MAX_HEADER_LENGTH) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    if (name === "") continue;
    let weight = 1;
    for (const param of params) {
      const [key = "", value = ""] = param.split("=").map((p) => p.trim());
      // A weight that is not one of RFC 9110's (0 to 1, three decimals at most) accepts nothing.
      if (key === "q") weight = QVALUE.test(value) ? Number(value) : 0;
    }
    weights.set(name, Math.max(weight, weights.get(name) ?? 0));
  }
  let best: ContentCoding | undefined;
  let bestWeight = 0;
  for (const coding of CONTENT_CODINGS) {
    const weight = weights.get(coding) ?? weights.get("*") ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
