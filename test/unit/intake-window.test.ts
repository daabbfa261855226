import { describe, expect, it } from 'vitest';
import { batchWindowMs } from '../../src/executions/intake-batches';

/** When a new submit waits for others before its batch is written (group commit). */
describe('intake batch window', () => {
  const busy = { inFlight: 0, sinceLastBatchMs: 1, lastBatchSize: 12 };

  it('applies the window while submits keep coming', () => {
    expect(batchWindowMs(1, busy)).toBe(1);
    // A batch is being written: the next one collects for the window.
    expect(batchWindowMs(1, { ...busy, inFlight: 1, lastBatchSize: 1 })).toBe(1);
  });

  it('writes at the next turn after a quiet spell', () => {
    expect(batchWindowMs(1, { ...busy, sinceLastBatchMs: 6 })).toBe(0);
  });

  it('writes at the next turn when the last batch held one submit (one request after another)', () => {
    expect(batchWindowMs(1, { ...busy, lastBatchSize: 1 })).toBe(0);
    expect(batchWindowMs(1, { inFlight: 0, sinceLastBatchMs: 0, lastBatchSize: 0 })).toBe(0);
  });

  it('always applies a window longer than the quiet threshold (tests make batches with one)', () => {
    expect(batchWindowMs(400, { ...busy, lastBatchSize: 1, sinceLastBatchMs: 1000 })).toBe(400);
  });
});
