import { describe, expect, it } from 'vitest';
import { heavyTurn, heavyTurnFor, markHeavy } from '../../src/common/heavy-turns';

/** Counts iterations of the event loop: an immediate queued by an immediate runs in the next. */
function iterations() {
  let count = 0;
  let stopped = false;
  const tick = () => {
    count++;
    if (!stopped) setImmediate(tick);
  };
  setImmediate(tick);
  return { now: () => count, stop: () => (stopped = true) };
}

describe('heavy turns', () => {
  it('gives at most one turn per iteration of the event loop, to each asker in turn', async () => {
    const loop = iterations();
    const seen: { who: string; iteration: number }[] = [];
    const worker = async (who: string) => {
      for (let i = 0; i < 5; i++) {
        await heavyTurn();
        seen.push({ who, iteration: loop.now() });
      }
    };
    await Promise.all([worker('a'), worker('b'), worker('c')]);
    loop.stop();
    const at = seen.map((turn) => turn.iteration);
    expect(new Set(at).size).toBe(at.length);
    // Round robin: a, b, c, a, b, c, …
    expect(seen.map((turn) => turn.who).join('')).toBe('abcabcabcabcabc');
  });

  it('pauses after a turn that held the event loop, so other work runs before the next', async () => {
    await heavyTurn();
    const busyUntil = performance.now() + 15;
    while (performance.now() < busyUntil); // a 15 ms piece of work
    const asked = performance.now();
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 1);
    await heavyTurn();
    clearInterval(ticker);
    expect(performance.now() - asked).toBeGreaterThanOrEqual(10);
    expect(ticks).toBeGreaterThan(0);
  });

  it('takes a turn only for values marked large', async () => {
    const loop = iterations();
    const small = {};
    const large = {};
    markHeavy(large);
    const before = loop.now();
    await heavyTurnFor(small);
    expect(loop.now()).toBe(before);
    await heavyTurnFor(large);
    expect(loop.now()).toBeGreaterThan(before);
    loop.stop();
  });
});
