import type { ComponentChildren } from "preact";
import { linkHref } from "../link-href.js";

/**
 * A link to a URL from API data (a notice, a document), opened without handing over this page;
 * a URL that is not `http:` or `https:` shows its text only, never as a link.
 */
export function ExternalLink({ url, children }: { url: string; children: ComponentChildren }) {
  const href = linkHref(url);
  if (href === undefined) {
    return (
      <span class="not-a-link" title="Not a web address, so not shown as a link">
        {children}
      </span>
    );
  }
  return (
    <a href={href} rel="noopener noreferrer">
      {children}
    </a>
  );
}
