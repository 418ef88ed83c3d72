import { useState } from "preact/hooks";

/** A feed URL to copy into a feed reader. */
export function FeedUrl({ path, id }: { path: string; id: string }) {
  const [copied, setCopied] = useState(false);
  const url = new URL(path, location.origin).href;
  return (
    <div class="feed-url">
      <label for={id}>Feed URL (Atom, readable without the API key)</label>
      <div class="row">
        <input
          id={id}
          type="text"
          readOnly
          value={url}
          onFocus={(e) => (e.target as HTMLInputElement).select()}
        />
        <button
          type="button"
          class="secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(url);
              setCopied(true);
            } catch {
              // No clipboard permission: select the text so that Ctrl+C copies it.
              (document.getElementById(id) as HTMLInputElement | null)?.select();
            }
          }}
        >
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
    </div>
  );
}
