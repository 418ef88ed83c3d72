import { readFileSync } from "node:fs";

/** A recorded notice from the package's `fixtures/` folder (see its README), as bytes. */
export function readEformsFixture(file: string): Buffer {
  return readFileSync(new URL(`../../fixtures/${file}`, import.meta.url));
}
