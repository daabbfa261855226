import type { IncomingMessage, RequestListener } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createClient,
  FINAL_STATUSES,
  unwrap,
  verifyEvent,
  type AgentAutomationClient,
  type Schemas,
  type WebhookEvent,
} from './src/index';

/** Creates an agent, triggers it, and waits for the result. */
export async function qualifyLead(
  client: AgentAutomationClient,
): Promise<Schemas['ExecutionDetail']> {
  const agent = unwrap(
    await client.POST('/v2/agents', {
      body: { name: 'Inbound leads', kind: 'lead-qualification', config: { threshold: 60 } },
    }),
  );
  const queued = unwrap(
    await client.POST('/v2/agents/{id}/trigger', {
      params: { path: { id: agent.id } },
      body: {
        input: { email: 'ana@acme.io', company: 'Acme', message: 'pricing?' },
        options: { async: true },
      },
    }),
  );
  for (;;) {
    const execution = unwrap(
      await client.GET('/v2/executions/{id}', {
        params: { path: { id: queued.execution_id } },
      }),
    );
    if (FINAL_STATUSES.includes(execution.status)) return execution;
    await sleep(200);
  }
}

/** Subscribes `url` to execution events; keep the returned secret (`whsec_…`) to verify them. */
export async function subscribe(client: AgentAutomationClient, url: string): Promise<string> {
  const endpoint = unwrap(
    await client.POST('/v2/webhook-endpoints', {
      body: { url, events: ['execution.completed', 'execution.failed'] },
    }),
  );
  return endpoint.secret;
}

/** An HTTP handler for the endpoint's URL: verifies each event before it trusts it. */
export function eventHandler(
  secret: string,
  onEvent: (event: WebhookEvent) => void,
): RequestListener {
  return async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let event: WebhookEvent;
    try {
      event = verifyEvent(secret, Buffer.concat(chunks).toString('utf8'), req.headers);
    } catch {
      res.writeHead(400).end('bad signature');
      return;
    }
    onEvent(event); // deduplicate on event.id: an event may come more than once
    res.writeHead(204).end();
  };
}

// Usage:
//   const client = createClient('https://agents.example.com', process.env.AAS_API_KEY!);
//   const execution = await qualifyLead(client);
//   console.log(execution.status, execution.output);
//   const secret = await subscribe(client, 'https://hooks.example.com/aas');
//   http.createServer(eventHandler(secret, (event) => console.log(event.type, event.id)));
export { createClient };
