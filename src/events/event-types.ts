/**
 * The events an endpoint may subscribe to (docs/api.md, Webhook endpoints and events), `ping`
 * aside: it goes to one endpoint on request.
 */
export const EVENT_TYPES = [
  'execution.queued',
  'execution.started',
  'execution.completed',
  'execution.failed',
  'execution.canceled',
  'execution.waiting',
  'agent.created',
  'agent.updated',
  'agent.paused',
  'agent.resumed',
  'agent.deleted',
] as const;
export type SubscribableEvent = (typeof EVENT_TYPES)[number];
export type EventType = SubscribableEvent | 'ping';

/** Every event; `events: ["*"]` subscribes to all of them (those added later too). */
export const ALL_EVENTS = '*';
