import type { LabelLanguageChoice } from "./cpv/label-language.js";

/** The API key a request authenticated with; never the key itself. */
export interface AuthenticatedKey {
  id: string;
}

/** Hono typing of the gateway app: what middleware hands on to later handlers. */
export interface AppEnv {
  Variables: {
    /** Set first for every request; echoed in `X-Request-ID` and in every error envelope. */
    requestId: string;
    /** Set by the API key middleware (or by the rate limiter, which then looks the key up). */
    apiKey: AuthenticatedKey | undefined;
    /** SHA-256 hex of the presented key, left by `apiKeyAuth({ countedByRateLimit })` for the rate limiter. */
    keyDigest: string | undefined;
    /** The language of CPV labels, set by `labelLanguage()` on the routes that show codes. */
    labelLanguage: LabelLanguageChoice;
  };
}
