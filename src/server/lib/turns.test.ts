import { describe, expect, it } from 'vitest';
import { createTurnGate } from './turns';

describe('the turn gate', () => {
  it('starts waiters in the order they came, each in a later turn of the event loop', async () => {
    const gate = createTurnGate();
    // A counter of turns: one immediate per turn, each setting the next.
    let turn = 0;
    let counting = true;
    const count = () => {
      turn += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const started: [number, number][] = [];
    await Promise.all([0, 1, 2, 3].map((i) => gate.wait().then(() => started.push([i, turn]))));
    counting = false;
    expect(started.map(([i]) => i)).toEqual([0, 1, 2, 3]);
    const turns = started.map(([, t]) => t);
    expect(new Set(turns).size).toBe(4);
    expect(gate.waiting).toBe(0);
  });

  it('starts a lone waiter in the same turn', async () => {
    const gate = createTurnGate();
    let turned = false;
    setImmediate(() => setImmediate(() => (turned = true)));
    await gate.wait();
    expect(turned).toBe(false);
  });
});
