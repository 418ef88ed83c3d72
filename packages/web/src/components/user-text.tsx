import { showBidiControls } from "@tender/contracts/display";

/**
 * Text from a source or a user (a title, a buyer, a passage, a name), isolated from the text
 * around it (`<bdi>`), with its bidirectional controls shown as markers such as `⟨U+202E⟩`.
 */
export function UserText({ text }: { text: string }) {
  return <bdi>{showBidiControls(text)}</bdi>;
}
