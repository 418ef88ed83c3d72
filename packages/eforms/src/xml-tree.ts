import { XMLParser } from "fast-xml-parser";

/**
 * An element as the parser gives it: child elements by local name (namespace prefixes removed,
 * always arrays), attributes as `@_name`, text as `#text`. Values are never converted to numbers,
 * so `01` and `00831374-2025` stay as written.
 */
export interface XmlNode {
  [name: string]: XmlNode[] | string | undefined;
}

/** Parses well-formed XML (see `checkXmlInput`) into its root element and the root's local name. */
export function parseXmlTree(text: string, maxDepth: number): { name: string; root: XmlNode } | null {
  const parser = new XMLParser({
    ignoreAttributes: false,
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    alwaysCreateTextNode: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    // Entities are decoded by `readText`, with the standard XML rules; no DOCTYPE gets this far.
    processEntities: false,
    isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
    maxNestedTags: maxDepth,
    // Callbacks get no path string: building one for every element slows the parse down.
    jPath: false,
  });
  const document = parser.parse(text) as XmlNode;
  for (const [name, value] of Object.entries(document)) {
    const root = Array.isArray(value) ? value[0] : undefined;
    if (root !== undefined && typeof root === "object") return { name, root };
  }
  return null;
}

/** The child elements called `name` (local name), in document order. */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  if (node === undefined || !Object.hasOwn(node, name)) return [];
  const value = node[name];
  return Array.isArray(value) ? value.filter((item): item is XmlNode => typeof item === "object") : [];
}

/** The first element at the end of a path of local names, e.g. `["ProcurementProject", "Name"]`. */
export function first(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let current = node;
  for (const name of path) current = children(current, name)[0];
  return current;
}

/** Every element at the end of a path of local names, in document order. */
export function all(node: XmlNode | undefined, ...path: string[]): XmlNode[] {
  let current = node === undefined ? [] : [node];
  for (const name of path) current = current.flatMap((item) => children(item, name));
  return current;
}

/** The raw (undecoded) text of an element, or `undefined` when it has none. */
export function rawText(node: XmlNode | undefined): string | undefined {
  if (node === undefined || !Object.hasOwn(node, "#text")) return undefined;
  const value = node["#text"];
  return typeof value === "string" ? value : undefined;
}

/** The raw (undecoded) value of an attribute. */
export function rawAttribute(node: XmlNode | undefined, name: string): string | undefined {
  const key = `@_${name}`;
  if (node === undefined || !Object.hasOwn(node, key)) return undefined;
  const value = node[key];
  return typeof value === "string" ? value : undefined;
}
