/**
 * The events an endpoint may subscribe to (docs/api.md, Webhook endpoints and events), `ping`
 * aside: it goes to one endpoint on request.
 */
export const EVENT_TYPES = [
  'execution.queued',
  'execution.started',
  'execution.completed',
  'execution.failed',
  'execution.cancelled',
  'execution.waiting',
  'agent.created',
  'agent.updated',
  'agent.paused',
  'agent.resumed',
  'agent.deleted',
] as const;
export type SubscribableEvent = (typeof EVENT_TYPES)[number];

/**
 * Deprecated names still accepted in a subscription, each the alias of the event it names.
 * An endpoint subscribed by an alias (and not by the current name, nor to `*`) receives that
 * event under the alias, as it subscribed to it; every other endpoint gets the current name.
 */
export const DEPRECATED_EVENT_ALIASES = {
  'execution.canceled': 'execution.cancelled',
} as const satisfies Record<string, SubscribableEvent>;
export type DeprecatedEvent = keyof typeof DEPRECATED_EVENT_ALIASES;
export const DEPRECATED_EVENTS = Object.keys(DEPRECATED_EVENT_ALIASES) as DeprecatedEvent[];

/** The type a delivered event carries: a current name, an alias, or `ping`. */
export type EventType = SubscribableEvent | DeprecatedEvent | 'ping';

/** Every event; `events: ["*"]` subscribes to all of them (those added later too). */
export const ALL_EVENTS = '*';
