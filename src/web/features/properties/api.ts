import type { Property, PropertyAgents, PropertyPage, UpdatePropertyInput } from '@shared/schemas/property';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { type Filters, toSearchParams } from './filters';

type Envelope<T> = { status: 'success'; data: T };

export const propertyKeys = {
  all: ['properties'] as const,
  search: (type: string, filters: Filters, page: number) =>
    [...propertyKeys.all, 'search', type, filters, page] as const,
  sold: (type: string, page: number) => [...propertyKeys.all, 'sold', type, page] as const,
  one: (id: string) => [...propertyKeys.all, 'one', id] as const,
  similar: (id: string) => [...propertyKeys.all, 'similar', id] as const,
  cities: (type: 'sale' | 'rent') => [...propertyKeys.all, 'cities', type] as const,
  streets: (city: string) => [...propertyKeys.all, 'streets', city] as const,
};

export const PAGE_SIZE = 12;

export const searchQuery = (type: 'sale' | 'rent', filters: Filters, page: number) =>
  queryOptions({
    queryKey: propertyKeys.search(type, filters, page),
    queryFn: ({ signal }) => {
      const params = toSearchParams(type, filters);
      params.set('type', type);
      params.set('page', String(page));
      params.set('pageSize', String(PAGE_SIZE));
      return apiRequest<Envelope<PropertyPage>>(`/property/search?${params}`, { signal }).then((r) => r.data);
    },
  });

/** Keeps the previous page on screen while the next one loads, so the grid does not jump. */
export const useSearch = (type: 'sale' | 'rent', filters: Filters, page: number) =>
  useQuery({ ...searchQuery(type, filters, page), placeholderData: keepPreviousData });

export const SOLD_PAGE_SIZE = 6;

/** One page of the sold sales (type sale) or rented rentals (type rent), the latest first. */
export const soldQuery = (type: 'sale' | 'rent', page: number) =>
  queryOptions({
    queryKey: propertyKeys.sold(type, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        type,
        sold: 'true',
        page: String(page),
        pageSize: String(SOLD_PAGE_SIZE),
      });
      return apiRequest<Envelope<PropertyPage>>(`/property/search?${params}`, { signal }).then((r) => r.data);
    },
  });

export const useSoldProperties = (type: 'sale' | 'rent', page: number) =>
  useQuery({ ...soldQuery(type, page), placeholderData: keepPreviousData });

export const propertyQuery = (id: string) =>
  queryOptions({
    queryKey: propertyKeys.one(id),
    queryFn: () =>
      apiRequest<Envelope<{ data: Property }>>(`/property/${encodeURIComponent(id)}`).then(
        (r) => r.data.data,
      ),
    retry: false,
  });

export const useProperty = (id: string) => useQuery(propertyQuery(id));

/**
 * Both agents of a listing as its managers see them, shown on the site or not (the public answer leaves out
 * whom the site does not show, decision 0057): the edit form's agents.
 */
export const usePropertyAgents = (id: string) =>
  useQuery({
    queryKey: [...propertyKeys.one(id), 'agents'],
    queryFn: () =>
      apiRequest<{ data: PropertyAgents }>(`/property/${encodeURIComponent(id)}/agents`).then((r) => r.data),
    staleTime: 0,
    retry: false,
  });

/**
 * The server picks similar properties at random: the page keeps the ones it was rendered with (never
 * refetched while mounted), so the cards do not reshuffle after hydration, even from a cached page.
 */
export const similarQuery = (id: string) =>
  queryOptions({
    queryKey: propertyKeys.similar(id),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () =>
      apiRequest<Envelope<{ data: Property[] }>>(`/property/${encodeURIComponent(id)}/similar`).then(
        (r) => r.data.data,
      ),
    retry: false,
  });

export const useSimilar = (id: string) => useQuery(similarQuery(id));

/** The cities with properties of the list's deal type still available: the city filter's suggestions. */
export const citiesQuery = (type: 'sale' | 'rent') =>
  queryOptions({
    queryKey: propertyKeys.cities(type),
    queryFn: () =>
      apiRequest<Envelope<string[]>>(`/property/locations/cities?type=${type}`).then((r) => r.data),
    staleTime: 5 * 60_000,
  });

/** The streets of one city that have properties: the street filter's suggestions. */
export const streetsQuery = (city: string) =>
  queryOptions({
    queryKey: propertyKeys.streets(city),
    queryFn: () =>
      apiRequest<Envelope<string[]>>(`/property/locations/streets?city=${encodeURIComponent(city)}`).then(
        (r) => r.data,
      ),
    staleTime: 5 * 60_000,
  });

export const useCities = (type: 'sale' | 'rent') => useQuery(citiesQuery(type));
export const useStreets = (city: string) => useQuery({ ...streetsQuery(city), enabled: city !== '' });

export function useUpdateProperty() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePropertyInput }) =>
      apiRequest<Envelope<{ data: Property }>>(`/property/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
      }).then((r) => r.data.data),
    onSuccess: () => client.invalidateQueries({ queryKey: propertyKeys.all }),
  });
}

export function useDeleteProperty() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/property/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: propertyKeys.all }),
  });
}

export function useCreateProperty() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      apiRequest<Envelope<{ data: Property }>>('/property', { method: 'POST', body: form }).then(
        (r) => r.data.data,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: propertyKeys.all }),
  });
}
