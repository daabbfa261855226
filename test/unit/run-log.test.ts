import { describe, expect, it } from 'vitest';
import { MAX_LOG_ENTRIES, RunLog } from '../../src/runner/run-log';

const entry = (message: string, level: 'info' | 'error' = 'info') => ({
  timestamp: '2026-12-01T10:00:00.000Z',
  level,
  message,
});

describe('RunLog of an attempt after an interrupted one', () => {
  it('starts from the earlier entries; its own follow them', () => {
    const earlier = [entry('Run started (http-request, attempt 1)'), entry('Sending POST x')];
    const log = new RunLog(earlier);
    log.add('info', 'Run started (http-request, attempt 2)');
    expect(log.toJSON().map((e) => e.message)).toEqual([
      'Run started (http-request, attempt 1)',
      'Sending POST x',
      'Run started (http-request, attempt 2)',
    ]);
    expect(earlier).toHaveLength(2);
  });

  it('hasLevel looks at this attempt only', () => {
    const log = new RunLog([entry('attempt 1 failed', 'error')]);
    expect(log.hasLevel('error')).toBe(false);
    log.add('error', 'attempt 2 failed');
    expect(log.hasLevel('error')).toBe(true);
  });

  it('keeps within the bound, with the note of what was dropped', () => {
    const full = Array.from({ length: MAX_LOG_ENTRIES + 5 }, (_, i) => entry(`e${i}`));
    const log = new RunLog(full);
    log.add('info', 'one more');
    const out = log.toJSON();
    expect(out).toHaveLength(MAX_LOG_ENTRIES);
    expect(out.at(-1)!.message).toMatch(/^1 further log entries were dropped/);
  });
});
