/** One Dockerfile instruction with its continuation lines joined. */
export interface DockerInstruction {
  /** Upper-case keyword: FROM, RUN, COPY, ... */
  keyword: string;
  /** Everything after the keyword, continuation backslashes removed. */
  args: string;
  /** 1-based line of the keyword. */
  line: number;
}

/** One build stage: its FROM and the instructions up to the next FROM. */
export interface DockerStage {
  from: DockerInstruction;
  /** The image or stage it starts from. */
  base: string;
  /** `AS name`, if given. */
  name: string | undefined;
  instructions: DockerInstruction[];
}

/**
 * Splits a Dockerfile into instructions (comments and parser directives dropped, `\` line
 * continuations joined). Enough for static checks; not a full BuildKit parser (no heredocs).
 */
export function parseDockerfile(text: string): DockerInstruction[] {
  const result: DockerInstruction[] = [];
  let pending: { keyword: string; parts: string[]; line: number } | undefined;
  text.split(/\r?\n/).forEach((raw, index) => {
    const trimmed = raw.trim();
    if (pending === undefined && (trimmed === "" || trimmed.startsWith("#"))) return;
    // Comment lines inside a continued instruction are skipped by Docker too.
    if (pending !== undefined && trimmed.startsWith("#")) return;
    const continues = trimmed.endsWith("\\");
    const body = continues ? trimmed.slice(0, -1).trim() : trimmed;
    if (pending === undefined) {
      const match = /^(\S+)\s*(.*)$/.exec(body);
      pending = { keyword: (match?.[1] ?? "").toUpperCase(), parts: [match?.[2] ?? ""], line: index + 1 };
    } else {
      pending.parts.push(body);
    }
    if (!continues) {
      result.push({ keyword: pending.keyword, args: pending.parts.join(" ").trim(), line: pending.line });
      pending = undefined;
    }
  });
  if (pending !== undefined)
    throw new Error(`Dockerfile ends inside the instruction of line ${pending.line}`);
  return result;
}

/** The build stages of a parsed Dockerfile (instructions before the first FROM, i.e. global ARGs, are left out). */
export function dockerStages(instructions: readonly DockerInstruction[]): DockerStage[] {
  const stages: DockerStage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === "FROM") {
      const [base = "", as, name] = instruction.args.replace(/--platform=\S+\s+/, "").split(/\s+/);
      stages.push({
        from: instruction,
        base,
        name: as?.toUpperCase() === "AS" ? name : undefined,
        instructions: [],
      });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}
