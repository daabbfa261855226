import { describe, expect, it } from 'vitest';
import { HELD } from '../../src/executions/execution.entity';
import { executionEventType } from '../../src/webhooks/outbound/event-outbox';

describe('the event of an execution held by flow control', () => {
  it('is execution.queued, the status it is shown as (an endpoint subscribed to it gets a typed row)', () => {
    expect(executionEventType(HELD)).toBe('execution.queued');
    expect(executionEventType('queued')).toBe('execution.queued');
    expect(executionEventType('waiting')).toBe('execution.waiting');
  });
});
