import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose schema, and zod with it, loads on first use instead of with the page: public pages
 * keep zod (~26 KB gzip) out of their first load, and the form still validates with the shared schema the
 * server uses. `preload` starts the download early, for example when the visitor enters the form.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>) {
  let pending: Promise<Resolver<T>> | undefined;
  const get = () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined; // a failed download is tried again on the next validation
      throw error;
    });
    return pending;
  };
  const resolver: Resolver<T> = async (values, context, options) => (await get())(values, context, options);
  return {
    resolver,
    preload: () => {
      get().catch(() => undefined);
    },
  };
}
