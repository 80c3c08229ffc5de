import type { Property, PropertyPage } from '@shared/schemas/property';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { propertyKeys } from './api';

type Envelope<T> = { status: 'success'; data: T };

const base = (id: string) => `/property/${encodeURIComponent(id)}/images`;

/** One of the three photo changes of an existing property (admin). */
export type ImageChange =
  | { kind: 'add'; files: File[] }
  | { kind: 'remove'; imageId: string }
  | { kind: 'order'; order: string[] };

function send(id: string, change: ImageChange) {
  if (change.kind === 'add') {
    const form = new FormData();
    for (const file of change.files) form.append('images', file);
    return apiRequest<Envelope<{ data: Property }>>(base(id), { method: 'POST', body: form });
  }
  if (change.kind === 'remove') {
    return apiRequest<Envelope<{ data: Property }>>(`${base(id)}/${encodeURIComponent(change.imageId)}`, {
      method: 'DELETE',
    });
  }
  return apiRequest<Envelope<{ data: Property }>>(`${base(id)}/order`, {
    method: 'PUT',
    body: { order: change.order },
  });
}

/**
 * Adds, removes or reorders a property's photos. The answer (the property as stored) replaces it at once in the
 * page and in the listing pages, so the next move starts from the order on screen the moment the change is no
 * longer pending. Every property query is then refetched in the background (also after a failure, which may
 * mean another admin changed the photos meanwhile), so the similar list shows the new main image too.
 */
export function useImageChange(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ImageChange) => send(id, change).then((r) => r.data.data),
    onSuccess: (property) => {
      client.setQueryData(propertyKeys.one(id), property);
      client.setQueriesData<PropertyPage>({ queryKey: [...propertyKeys.all, 'search'] }, (page) =>
        page ? { ...page, items: page.items.map((p) => (p._id === id ? property : p)) } : page,
      );
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: propertyKeys.all });
    },
  });
}
