import type { Request } from 'express';
import type { EnvelopeFlavour } from './error-envelope';

/** The HTTP listeners of a process: the REST API (PORT) and the inbound webhook (WEBHOOK_PORT). */
export type Listener = 'api' | 'webhook';

declare module 'express-serve-static-core' {
  interface Request {
    /** The listener the request came in on; set by its server before express runs. */
    listener?: Listener;
  }
}

/** The error envelope of a listener: the webhook listener's carries `success: false`. */
export function flavourOfListener(listener: Listener | undefined): EnvelopeFlavour {
  return listener === 'webhook' ? 'webhook' : 'rest';
}

/** The error envelope of a request, by the listener it came in on. */
export function flavourOf(req: Request): EnvelopeFlavour {
  return flavourOfListener(req.listener);
}
