import type { Property } from '@shared/schemas/property';
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
 * Adds, removes or reorders a property's photos. Every property query is invalidated afterwards (also after a
 * failure, which may mean another admin changed the photos meanwhile), so cards, the page and the similar
 * list show the new main image and order.
 */
export function useImageChange(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ImageChange) => send(id, change).then((r) => r.data.data),
    onSettled: () => client.invalidateQueries({ queryKey: propertyKeys.all }),
  });
}
