/**
 * The text under a heading (`## Configuration`, `### Sources`), up to the next heading of the
 * same or a higher level; empty when there is no such heading.
 */
export function sectionOf(markdown: string, heading: string): string {
  const level = /^#+/.exec(heading)?.[0].length ?? 0;
  const lines = markdown.split("\n");
  const start = lines.indexOf(heading);
  if (start < 0 || level === 0) return "";
  let fenced = false;
  const end = lines.findIndex((line, i) => {
    if (i <= start) return false;
    if (/^\s*```/.test(line)) fenced = !fenced;
    const depth = /^(#+)\s/.exec(line)?.[1]?.length;
    return !fenced && depth !== undefined && depth <= level;
  });
  return lines.slice(start + 1, end < 0 ? undefined : end).join("\n");
}

/** The cells of a table row, split on `|` outside code spans (`a|b` stays one cell). */
export function tableCells(row: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let code = false;
  for (const char of row.trim().replace(/^\|/, "").replace(/\|$/, "")) {
    if (char === "`") code = !code;
    if (char === "|" && !code) {
      cells.push(cell.trim());
      cell = "";
    } else cell += char;
  }
  return [...cells, cell.trim()];
}

/** The first Markdown table of `text`: its header cells and its rows' cells. */
export function firstTable(text: string): { header: string[]; rows: string[][] } {
  const lines = text.split("\n");
  const start = lines.findIndex(
    (line, i) => line.startsWith("|") && /^\|[\s:|-]+\|$/.test(lines[i + 1] ?? ""),
  );
  if (start < 0) return { header: [], rows: [] };
  const body: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    body.push(line);
  }
  return { header: tableCells(lines[start] ?? ""), rows: body.map(tableCells) };
}

/** The `code spans` of a text, in order: "`a`, `b` or `c`" → ["a", "b", "c"]. */
export function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? "");
}
