import type { EformsNoticeRef } from "./eforms-notice-v1.js";
import type { NoticeReader } from "./notice-reader.js";
import type { XmlNode } from "./xml-tree.js";

// BT-758 and OPP-090 write a notice identifier (a UUID) and its version joined by a hyphen.
const ID_AND_VERSION = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(\d{2})$/i;

/**
 * A reference to another notice: `a6e3de9d-…-ea7b3749cfc9-01` is notice `a6e3de9d-…` version
 * `01`; anything else (a publication number such as `342558-2018`) is kept whole, with its scheme.
 */
export function readNoticeRef(
  node: XmlNode | undefined,
  reader: NoticeReader,
  what: string,
): EformsNoticeRef | null {
  const text = reader.id(node, what);
  if (text === null) return null;
  const scheme = reader.attribute(node, "schemeName", `${what} scheme`);
  const match = ID_AND_VERSION.exec(text);
  if (match?.[1] !== undefined && match[2] !== undefined) {
    return { id: match[1].toLowerCase(), version: match[2], scheme };
  }
  return { id: text, version: null, scheme };
}
