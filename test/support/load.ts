import { Agent, request } from 'undici';

export interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** A keep-alive HTTP client of a service process (a real port), speaking JSON. */
export class JsonClient {
  private readonly agent = new Agent({ keepAliveTimeout: 10_000, connections: 8 });

  async call(
    url: string,
    method: 'GET' | 'POST',
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<JsonAnswer> {
    const res = await request(url, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      dispatcher: this.agent,
    });
    return { status: res.statusCode, body: (await res.body.json()) as Record<string, unknown> };
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

export interface Load {
  /** The executions acknowledged (answered 202) so far, in the order of their answers. */
  acked: string[];
  /** Requests sent so far. */
  sent(): number;
  /** Stops the clients (each ends at its next request) and waits for them. */
  stop(): Promise<void>;
}

/**
 * `clients` clients, each sending requests one after the other (`send(client, i)` sends the
 * i-th of a client) until `stop()` or until a request throws (the process is gone): the load
 * under which a test kills a service.
 */
export function startLoad(
  clients: number,
  send: (client: number, i: number) => Promise<JsonAnswer>,
): Load {
  const acked: string[] = [];
  let sent = 0;
  let stopped = false;
  const running = Array.from({ length: clients }, async (_, c) => {
    for (let i = 0; !stopped; i++) {
      try {
        sent++;
        const answer = await send(c, i);
        if (answer.status === 202) {
          acked.push((answer.body.executionId ?? answer.body.execution_id) as string);
        }
      } catch {
        return; // the process is gone
      }
    }
  });
  return {
    acked,
    sent: () => sent,
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}
