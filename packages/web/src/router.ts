import { useEffect, useState } from "preact/hooks";

/** Where the app is mounted (Vite's `base`). */
export const APP_BASE = "/app/";

/** A page of the app, read from the location. */
export type Route =
  | { page: "search"; search: string }
  | { page: "tender"; id: string }
  | { page: "saved" }
  | { page: "organisations"; search: string }
  | { page: "organisation"; id: string }
  | { page: "expiring"; search: string }
  | { page: "awards"; search: string }
  | { page: "missing" };

/** The route of a path and query string under `/app/`. */
export function routeOf(pathname: string, search: string): Route {
  const path = pathname.startsWith(APP_BASE) ? pathname.slice(APP_BASE.length) : "";
  if (path === "" || path === "index.html") return { page: "search", search };
  if (path === "saved") return { page: "saved" };
  if (path === "organisations") return { page: "organisations", search };
  if (path === "expiring") return { page: "expiring", search };
  if (path === "awards") return { page: "awards", search };
  const tender = /^tenders\/([0-9a-fA-F-]{36})$/.exec(path);
  if (tender?.[1]) return { page: "tender", id: tender[1].toLowerCase() };
  const organisation = /^organisations\/([0-9a-fA-F-]{36})$/.exec(path);
  if (organisation?.[1]) return { page: "organisation", id: organisation[1].toLowerCase() };
  return { page: "missing" };
}

/** The app path of an organisation's page. */
export function organisationHref(id: string): string {
  return `${APP_BASE}organisations/${id}`;
}

/** The app path of a tender's page. */
export function tenderHref(id: string): string {
  return `${APP_BASE}tenders/${id}`;
}

const CHANGE = "tender:navigate";

/** Goes to an app URL without reloading (`replace`: without a new history entry). */
export function navigate(url: string, replace = false): void {
  // `inApp`: the previous entry is a page of the app, so "back" links can go back to it.
  if (replace) history.replaceState(history.state, "", url);
  else history.pushState({ inApp: true }, "", url);
  window.dispatchEvent(new Event(CHANGE));
}

/** The current route, updated on navigation and on the browser's back and forward. */
export function useRoute(): Route {
  const read = () => routeOf(location.pathname, location.search);
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const update = () => setRoute(read());
    window.addEventListener("popstate", update);
    window.addEventListener(CHANGE, update);
    return () => {
      window.removeEventListener("popstate", update);
      window.removeEventListener(CHANGE, update);
    };
  }, []);
  return route;
}

/**
 * A click on a link inside the app navigates in place; a click with a modifier key (new tab,
 * new window) is left to the browser.
 */
export function onAppLinkClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.target as Element | null)?.closest?.("a");
  if (!anchor || anchor.target || anchor.origin !== location.origin) return;
  if (!anchor.pathname.startsWith(APP_BASE)) return;
  event.preventDefault();
  navigate(anchor.pathname + anchor.search + anchor.hash);
}
