import type { OrganisationRole } from "@tender/contracts";

/** The organisation search as the URL holds it (`/app/organisations?q=&role=&country=`). */
export interface OrganisationQuery {
  q: string;
  role: OrganisationRole | "";
  country: string;
}

/** Reads the search from a query string; a role or country the API would refuse is dropped. */
export function organisationQueryOf(search: string): OrganisationQuery {
  const params = new URLSearchParams(search);
  const role = params.get("role");
  const country = (params.get("country") ?? "").trim().toUpperCase();
  return {
    q: (params.get("q") ?? "").trim(),
    role: role === "buyer" || role === "supplier" ? role : "",
    country: /^[A-Z]{2}$/.test(country) ? country : "",
  };
}

/** The query string of a search (empty fields left out): the app URL's and the API's. */
export function organisationQueryParams(query: OrganisationQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.role) params.set("role", query.role);
  if (query.country) params.set("country", query.country);
  return params;
}
