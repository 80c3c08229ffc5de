import { matchRouteName } from '@shared/paths';
import type { QueryClient } from '@tanstack/react-query';
import { valuationCitiesQuery } from '@web/features/leads/pipeline-api';
import {
  citiesQuery,
  propertyKeys,
  propertyQuery,
  searchQuery,
  similarQuery,
  soldQuery,
  streetsQuery,
} from '@web/features/properties/api';
import { parseFilters } from '@web/features/properties/filters';
import { viewingSlotsQuery } from '@web/features/properties/viewing-api';
import { branchPageQuery, openBranchesQuery } from '@web/lib/branches';
import { settingsQuery } from '@web/lib/settings';
import { teamQuery, userQuery } from '@web/lib/users';

/**
 * The queries a server-rendered page asks for, fetched before its one render (entry-server.tsx), with the same
 * query options its components use, so that render finds them all answered. Each mirrors what the page's
 * components ask for on their first render (and only that: the page's query data is what the browser hydrates
 * from); a query left out is still found by the renderer, at the cost of another render pass.
 */
export async function prefetchPage(client: QueryClient, url: URL): Promise<void> {
  const route = matchRouteName(url.pathname);
  // The root layout (header and footer) reads the settings on every page.
  const jobs = [client.prefetchQuery(settingsQuery)];
  if (route === 'sale' || route === 'rent') jobs.push(prefetchListing(client, route, url.searchParams));
  else if (route === 'propertyView') jobs.push(prefetchProperty(client, url.pathname));
  // AboutPage: the team grid and the founders' photos.
  else if (route === 'aboutLink')
    jobs.push(client.prefetchQuery(teamQuery), client.prefetchQuery(openBranchesQuery));
  // BranchPage: the branch, its agents and its listings' page.
  else if (route === 'branchPage') {
    const slug = idInPath(url.pathname);
    const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
    if (slug) jobs.push(client.prefetchQuery(branchPageQuery(slug, page)));
  } else if (route === 'aboutAgent') {
    const id = idInPath(url.pathname);
    if (id) jobs.push(client.prefetchQuery(userQuery(id)));
  }
  // ValuationPage: the city box's suggestions.
  else if (route === 'valuation') jobs.push(client.prefetchQuery(valuationCitiesQuery));
  await Promise.all(jobs);
}

/** The record id of a path like /PropertyView/{id}, as the router's params give it to the page. */
function idInPath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname.split('/')[2] ?? '') || undefined;
  } catch {
    return undefined;
  }
}

/** ListingPage: its results page, the sold list's first page, the city filter's list and its city's streets. */
async function prefetchListing(client: QueryClient, type: 'sale' | 'rent', params: URLSearchParams) {
  const filters = parseFilters(type, params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const cities = async () => {
    const names = await client.fetchQuery(citiesQuery(type)).catch(() => [] as string[]);
    // FilterBar asks for the streets of the typed city only once the list knows it.
    if (names.includes(filters.city)) await client.prefetchQuery(streetsQuery(filters.city));
  };
  await Promise.all([
    client.prefetchQuery(searchQuery(type, filters, page)),
    client.prefetchQuery(soldQuery(type, 1)),
    cities(),
  ]);
}

/** PropertyViewPage: the property, and (once it is shown) its similar properties, by the id it answers with. */
async function prefetchProperty(client: QueryClient, pathname: string) {
  const id = idInPath(pathname);
  if (!id) return;
  const [property] = await Promise.all([
    client.fetchQuery(propertyQuery(id)).catch(() => undefined),
    client.prefetchQuery(similarQuery(id)),
  ]);
  // The page shows similar properties only for a property it could read, by that property's own id: a
  // similar list asked for by another spelling of the id is not the one the page renders.
  if (property?._id !== id) client.removeQueries({ queryKey: propertyKeys.similar(id), exact: true });
  // The viewing form (its next free slots) is shown for a property on offer.
  else if (!property.sold) await client.prefetchQuery(viewingSlotsQuery(id));
}
