import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Where a request's time goes (the slow-request log line, plugins/request-log.ts): the database (the sum of
 * its queries' times, so queries run side by side count each), the page's render and the compression of its
 * answer, in milliseconds. A request made inside another (a page's render asking the API in process) adds its
 * figures to the outer one's too.
 */
export type RequestTimes = { dbMs: number; dbQueries: number; renderMs: number; compressMs: number };

export type RequestContext = { requestId: string; times: RequestTimes; parent?: RequestContext };

const store = new AsyncLocalStorage<RequestContext>();

/** A new request's context, inside the one running now (if any). */
export function newRequestContext(requestId: string): RequestContext {
  const parent = store.getStore();
  return {
    requestId,
    times: { dbMs: 0, dbQueries: 0, renderMs: 0, compressMs: 0 },
    ...(parent ? { parent } : {}),
  };
}

/**
 * Runs `work` in `context`: what it awaits is counted in its times. Entered again at each stage whose callbacks
 * come from elsewhere (a request body is read from its socket's events).
 */
export const runInRequest = <T>(context: RequestContext, work: () => T): T => store.run(context, work);

/** The request running in this async context, if any. */
export const currentRequest = (): RequestContext | undefined => store.getStore();

type Stage = 'db' | 'render' | 'compress';

/** Adds `ms` of `stage` to the request running now and to the requests it runs inside. */
export function addTime(stage: Stage, ms: number) {
  const context = store.getStore();
  if (context) addTimeTo(context, stage, ms);
}

/** Adds `ms` of `stage` to `request` (taken when the work started) and to the requests it runs inside. */
export function addTimeTo(request: RequestContext, stage: Stage, ms: number) {
  for (let context: RequestContext | undefined = request; context; context = context.parent) {
    const times = context.times;
    if (stage === 'db') {
      times.dbMs += ms;
      times.dbQueries += 1;
    } else if (stage === 'render') times.renderMs += ms;
    else times.compressMs += ms;
  }
}

/** Runs `work` and adds the time it took (until its promise settles) to `stage`. */
export async function timeStage<T>(stage: 'render', work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    addTime(stage, performance.now() - started);
  }
}
