/**
 * Lets waiting work start one piece per turn of the event loop.
 *
 * Node (libuv 1.46) accepts one new connection per turn of the loop. The embedded database runs on the
 * server's own thread, so without a gate one turn runs every request that became readable in it, one after
 * another: with 100 users sending at once a turn lasts a few hundred milliseconds, and a user whose
 * connection waits in the kernel's accept queue behind 100 others waits 100 such turns, tens of seconds,
 * before the server sees the request at all (docs/reliability.md, "200 concurrent users"). Started one per
 * turn, requests wait in this queue instead, where the overload rules can see how long they waited, and each
 * turn comes back to the accept queue after one request.
 */
export type TurnGate = {
  /** Resolves in a later turn than the previous waiter's, in the order of the calls. */
  wait(): Promise<void>;
  readonly waiting: number;
};

export function createTurnGate(): TurnGate {
  const queue: (() => void)[] = [];
  let scheduled = false;
  // An immediate set from inside an immediate runs in the next turn of the loop, after its poll phase.
  const startNext = () => {
    const start = queue.shift();
    scheduled = queue.length > 0;
    if (scheduled) setImmediate(startNext);
    start?.();
  };
  return {
    wait() {
      return new Promise<void>((resolve) => {
        queue.push(resolve);
        if (!scheduled) {
          scheduled = true;
          setImmediate(startNext);
        }
      });
    },
    get waiting() {
      return queue.length;
    },
  };
}
