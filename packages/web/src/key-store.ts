const KEY = "tender-api-key";

/**
 * The API key lives in sessionStorage: it survives a reload of the tab and dies with the tab
 * (the browser session), is never sent as a cookie and never written to localStorage.
 */
export const keyStore = {
  read(): string | null {
    try {
      return sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  write(key: string): void {
    try {
      sessionStorage.setItem(KEY, key);
    } catch {
      // Storage refused (a private mode): the key then lasts until the page is left.
    }
  },
  forget(): void {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // Nothing stored.
    }
  },
};
