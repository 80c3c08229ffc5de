/** Messages between the pages and the service worker, and the names both sides use. */
export const CLEAR_USER_DATA = 'clear-user-data';
export const WARM_PAGES = 'warm-pages';
export const FLUSH_OUTBOX = 'flush-outbox';
export const OUTBOX_CHANGED = 'outbox-changed';
export const OUTBOX_SYNC_TAG = 'outbox';

/** The caches that hold a signed-in user's pages and answers: emptied at sign-out and at the next sign-in. */
export const PAGE_CACHE = 'app-pages';
export const API_CACHE = 'app-data';
export const USER_CACHES = [PAGE_CACHE, API_CACHE];

/** The header a cached answer carries when the worker serves it offline: when it was fetched (ISO time). */
export const OFFLINE_COPY_HEADER = 'x-offline-copy';
