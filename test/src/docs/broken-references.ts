import { posix } from "node:path";

/** One place where a file names a document the repository does not hold. */
export interface BrokenReference {
  file: string;
  line: number;
  text: string;
  reason: string;
}

/** What the checker needs to know about the repository: its files, folders and headings. */
export interface RepositoryView {
  /** Every file, as a path relative to the root with `/` separators. */
  files: ReadonlySet<string>;
  folders: ReadonlySet<string>;
  basenames: ReadonlySet<string>;
  /** The anchors (`#heading-slug`) of a Markdown file, or undefined when it is not one. */
  anchorsOf(path: string): ReadonlySet<string> | undefined;
}

/** The view of a repository holding `files`; `read` gives a file's text (for its headings). */
export function repositoryView(files: Iterable<string>, read: (path: string) => string): RepositoryView {
  const all = new Set(files);
  const folders = new Set<string>();
  for (const file of all) {
    for (let dir = posix.dirname(file); dir !== "."; dir = posix.dirname(dir)) folders.add(dir);
  }
  const anchors = new Map<string, Set<string>>();
  return {
    files: all,
    folders,
    basenames: new Set([...all].map((f) => posix.basename(f))),
    anchorsOf(path) {
      if (!path.endsWith(".md") || !all.has(path)) return undefined;
      const known = anchors.get(path) ?? markdownAnchors(read(path));
      anchors.set(path, known);
      return known;
    },
  };
}

// The specification this project was built from lives beside the repository, never in it.
const OUTSIDE = /(^|[^\w.])\.\.\/shared\/|(^|\W)shared\/(spec|datasets)\//;
// Sections of that specification cited by number alone, with no file name.
const SPEC_SECTION = /\bspec(ification)? (section )?\d+(\.\d+)?\b/i;
const MARKDOWN_LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
// A name ending in `.md`, with an optional `#anchor`: "docs/api.md#rate-limit", "README.md".
const DOCUMENT_NAME = /(?<![\w/.-])((?:\.{1,2}\/)*[\w][\w./-]*\.md)(#[\w-]+)?(?![\w/])/g;
const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s)>"'`]+/gi;

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to `-`. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, "")
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of every heading of a Markdown text, numbered as GitHub numbers repeats. */
export function markdownAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = headingAnchor(heading[1] ?? "");
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** Resolves `target` (no anchor) named in `file`: relative to the file, else to the root. */
function resolveTarget(file: string, target: string, repo: RepositoryView): string | undefined {
  const candidates = [posix.normalize(posix.join(posix.dirname(file), target))];
  if (!target.startsWith(".")) candidates.push(posix.normalize(target));
  const isFileOrFolder = (path: string) => repo.files.has(path) || repo.folders.has(path.replace(/\/$/, ""));
  return candidates.find((path) => !path.startsWith("../") && isFileOrFolder(path));
}

function checkAnchor(path: string, anchor: string | undefined, repo: RepositoryView): string | undefined {
  if (!anchor) return undefined;
  const anchors = repo.anchorsOf(path);
  if (!anchors || anchors.has(anchor)) return undefined;
  return `${path} has no heading for #${anchor}`;
}

/** Why the named document (with its optional anchor) does not resolve, or undefined when it does. */
function documentProblem(file: string, name: string, anchor: string | undefined, repo: RepositoryView) {
  if (!name.includes("/")) {
    // A bare name ("README.md") is fine when the file's folder or the root holds it, or any
    // folder does (prose says "its README.md"); a name no folder holds is broken.
    const resolved = resolveTarget(file, name, repo);
    if (resolved) return checkAnchor(resolved, anchor, repo);
    if (repo.basenames.has(name)) return undefined;
    return `no document named ${name} in the repository`;
  }
  const resolved = resolveTarget(file, name, repo);
  return resolved ? checkAnchor(resolved, anchor, repo) : `${name} is not in the repository`;
}

/**
 * Every place in `text` (the content of `file`) that names a document the repository does not
 * hold: Markdown links whose target is not a file or folder of the repository (external URLs
 * and `#anchors` of the same page excepted), names of `.md` files that resolve nowhere,
 * anchors no heading makes, paths into the shared folder beside the repository, and sections of
 * "the spec".
 */
export function brokenReferences(file: string, text: string, repo: RepositoryView): BrokenReference[] {
  const broken: BrokenReference[] = [];
  const lines = text.split("\n");
  lines.forEach((raw, index) => {
    const report = (reason: string) => broken.push({ file, line: index + 1, text: raw.trim(), reason });
    if (OUTSIDE.test(raw)) report("points outside the repository (../shared)");
    if (SPEC_SECTION.test(raw))
      report("cites a section of the specification, which is not in the repository");
    const line = raw.replace(URL, " ");
    for (const match of line.matchAll(MARKDOWN_LINK)) {
      const target = match[1] ?? "";
      if (/^(mailto:|#)/.test(target)) {
        const own = target.startsWith("#") ? checkAnchor(file, target.slice(1), repo) : undefined;
        if (own) report(own);
        continue;
      }
      // Code holds regular expressions such as `](?=\s|$)`: only a path-like target is a link.
      if (!/^[\w.~%/-]+(#[\w-]*)?$/.test(target)) continue;
      const [path = "", anchor] = target.split("#");
      if (path.endsWith(".md")) continue; // checked below with the other document names
      if (!resolveTarget(file, decodeURI(path), repo))
        report(`link target ${target} is not in the repository`);
      else if (anchor) {
        const problem = checkAnchor(resolveTarget(file, decodeURI(path), repo) ?? "", anchor, repo);
        if (problem) report(problem);
      }
    }
    for (const match of line.matchAll(DOCUMENT_NAME)) {
      const problem = documentProblem(file, match[1] ?? "", match[2]?.slice(1), repo);
      if (problem) report(problem);
    }
  });
  return broken;
}
