import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { IncomingHttpHeaders } from 'node:http';
import { parseTagsHeader } from '../../executions/tags';
import { MoreThanOrEqual, Repository } from 'typeorm';
import { AgentCache } from '../../agents/agent-cache';
import { Agent } from '../../agents/agent.entity';
import { AgentsService } from '../../agents/agents.service';
import { assertInputMatches } from '../../agents/input-schema';
import { Account } from '../../auth/account.entity';
import { ApiError } from '../../common/api-error';
import { SecretUnreadableError, sha256Hex } from '../../common/crypto';
import { now } from '../../common/time';
import { APP_CONFIG, type AppConfig } from '../../config/configuration';
import { Execution } from '../../executions/execution.entity';
import { ExecutionIntakeService } from '../../executions/execution-intake.service';
import { IDEMPOTENCY_WINDOW_MS } from '../../executions/new-executions';
import { LocalBus } from '../../queue/local-bus';
import { verifyHexSignature, verifyStandardWebhook } from './webhook-signatures';
import type { TraceContext } from '../../tracing/tracing';

/** The agent a webhook id belongs to, with its account (for the plan's rate limits). */
export interface WebhookTarget {
  agent: Agent;
  account: Account;
}

/** The acknowledgement and its status: 202 new execution, 200 repeated delivery. */
export interface WebhookAck {
  status: 202 | 200;
  body: { success: true; executionId: string; message: string };
}

/** Headers naming a delivery, in order of precedence (docs/api.md, Inbound webhook). */
const DELIVERY_HEADERS = ['Idempotency-Key', 'webhook-id', 'svix-id', 'X-GitHub-Delivery'] as const;
const MAX_DELIVERY_KEY_LENGTH = 255;
/** Webhook ids are base64url tokens (192 bits); anything else cannot exist. */
const WEBHOOK_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The Standard Webhooks header families, in order of precedence: the specification's names, then
 * Svix's (docs/api.md, Inbound webhook). A family counts only when all three of its headers are
 * present; headers of different families are never combined.
 */
const STANDARD_FAMILIES = [
  { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' },
  { id: 'svix-id', timestamp: 'svix-timestamp', signature: 'svix-signature' },
] as const;

/** `sha256=<hex>` signature headers, in order: ours, then GitHub's name for the same value. */
const HEX_SIGNATURE_HEADERS = ['x-signature', 'x-hub-signature-256'] as const;

/** The message id a valid Standard Webhooks signature covers, and the header that carried it. */
export interface SignedDeliveryId {
  header: string;
  id: string;
}

/**
 * The inbound webhook (docs/api.md, Inbound webhook): finds the agent of a webhook id, checks the
 * request's credentials against the agent's `webhook_auth`, and turns the payload into an
 * execution.
 */
@Injectable()
export class InboundWebhooksService implements OnModuleDestroy {
  /** Targets by webhook id: changes in this process evict at once, others within the TTL. */
  private readonly targets: AgentCache<WebhookTarget>;

  constructor(
    @InjectRepository(Agent) private readonly agents: Repository<Agent>,
    @InjectRepository(Execution) private readonly executions: Repository<Execution>,
    private readonly agentsService: AgentsService,
    private readonly intake: ExecutionIntakeService,
    @Inject(APP_CONFIG) config: AppConfig,
    bus: LocalBus,
  ) {
    this.targets = new AgentCache(config.agentCacheTtlMs, bus);
  }

  onModuleDestroy(): void {
    this.targets.close();
  }

  /**
   * The live (not deleted) agent of `webhookId` and its account, in one query on the unique
   * `webhook_id` index (cached for AGENT_CACHE_TTL_MS). Unknown, deleted or rotated-away ids:
   * 404 `not_found`.
   */
  async resolve(webhookId: string): Promise<WebhookTarget> {
    const found = WEBHOOK_ID.test(webhookId)
      ? await this.targets.get(
          webhookId,
          () => this.load(webhookId),
          (target) => target.agent.id,
        )
      : null;
    if (!found) throw new ApiError('not_found', 'No webhook at this URL');
    return found;
  }

  private async load(webhookId: string): Promise<WebhookTarget | null> {
    const found = await this.agents
      .createQueryBuilder('agent')
      .innerJoinAndMapOne('agent.account', Account, 'account', 'account.id = agent.accountId')
      .where('agent.webhookId = :webhookId', { webhookId })
      .andWhere('agent.deletedAt IS NULL')
      .getOne();
    if (!found) return null;
    const { account, ...agent } = found as Agent & { account: Account };
    return { agent: Object.assign(new Agent(), agent), account };
  }

  /**
   * Checks the request against the agent's `webhook_auth`; 401 `unauthorized` unless it
   * passes. A mode whose credential was never created refuses every request (fails closed).
   * Returns the signed message id (`webhook-id` or `svix-id`) when a Standard Webhooks
   * signature authenticated the request (the id is then covered by the signature), else null.
   */
  authenticate(
    agent: Agent,
    headers: IncomingHttpHeaders,
    rawBody: Buffer,
  ): SignedDeliveryId | null {
    switch (agent.webhookAuth) {
      case 'none':
        return null;
      case 'api_key': {
        const presented = header(headers, 'x-api-key');
        if (presented === undefined || !this.agentsService.webhookKeyMatches(agent, presented)) {
          throw new ApiError('unauthorized', 'Missing or invalid X-API-Key header');
        }
        return null;
      }
      case 'signature':
        return this.verifySignature(agent, headers, rawBody);
      default:
        throw new ApiError('unauthorized', 'This webhook accepts no requests');
    }
  }

  /**
   * Starts an execution of `agent` with `input` (the parsed body), once: a delivery key
   * already seen for this agent within 24 h answers 200 with the first execution's id.
   * A request authenticated by a Standard Webhooks signature (`signedId`, from
   * `authenticate`) is keyed by its signed `webhook-id` or `svix-id`, whatever unsigned
   * `Idempotency-Key` it carries: a replayed message with another key added is still the same
   * delivery. `trace` (tracing on): the request's context, whose trace the execution joins.
   * Resolves only once the execution is durably queued; never waits for the run.
   */
  async receive(
    agent: Agent,
    input: Record<string, unknown>,
    rawBody: Buffer | undefined,
    headers: IncomingHttpHeaders,
    signedId: SignedDeliveryId | null = null,
    trace?: TraceContext,
  ): Promise<WebhookAck> {
    if (!rawBody) throw new ApiError('invalid_request', 'The body must be a JSON object');
    const tags = parseTagsHeader(header(headers, 'x-tags'));
    const unsignedKey = this.deliveryKey(headers);
    const deliveryKey = signedId === null ? unsignedKey : checkedKey(signedId.header, signedId.id);
    if (agent.status === 'paused') {
      // A sender retrying a delivery accepted before the pause gets its answer again.
      const earlier = deliveryKey ? await this.earlierDelivery(agent, deliveryKey) : null;
      if (earlier) return replay(earlier);
      throw new ApiError('agent_paused', 'The agent is paused and accepts no triggers');
    }
    // A payload that breaks the agent's input_schema creates nothing (400 `input.<path>`).
    assertInputMatches(agent.inputSchema, input);
    const { execution, created } = await this.intake.submit({
      agent,
      input,
      source: 'webhook',
      tags,
      idempotencyKey: deliveryKey,
      requestHash: deliveryKey ? sha256Hex(rawBody) : null,
      dispatch: true,
      trace,
    });
    if (!created) return replay(execution);
    return {
      status: 202,
      body: {
        success: true,
        executionId: execution.id,
        message: 'Webhook received; execution queued',
      },
    };
  }

  /**
   * The first of `Idempotency-Key`, `webhook-id`, `svix-id`, `X-GitHub-Delivery` sent;
   * 1–255 chars.
   */
  private deliveryKey(headers: IncomingHttpHeaders): string | null {
    for (const name of DELIVERY_HEADERS) {
      const value = header(headers, name.toLowerCase());
      if (value !== undefined) return checkedKey(name, value);
    }
    return null;
  }

  private earlierDelivery(agent: Agent, deliveryKey: string): Promise<Execution | null> {
    return this.executions.findOneBy({
      agentId: agent.id,
      idempotencyKey: deliveryKey,
      createdAt: MoreThanOrEqual(new Date(now().getTime() - IDEMPOTENCY_WINDOW_MS)),
    });
  }

  /**
   * `X-Signature` (or GitHub's `X-Hub-Signature-256`) or the Standard Webhooks headers (or
   * Svix's `svix-*` names). Standard Webhooks headers decide whenever any of them is present:
   * each family with a header present must be complete, fresh (5 minutes) and verify, else
   * 401 whatever else the request carries, so a stale or forged timestamped message never
   * falls back to the untimestamped hex form. The signed message id is that of the first
   * family (`webhook-*`, then `svix-*`). Without Standard Webhooks headers, `X-Signature` or
   * `X-Hub-Signature-256` must verify; that request has no signed id.
   */
  private verifySignature(
    agent: Agent,
    headers: IncomingHttpHeaders,
    rawBody: Buffer,
  ): SignedDeliveryId | null {
    const hexSignatures = HEX_SIGNATURE_HEADERS.map((name) => header(headers, name)).filter(
      (value): value is string => value !== undefined,
    );
    const families = STANDARD_FAMILIES.flatMap((names) => {
      const values = {
        id: header(headers, names.id),
        timestamp: header(headers, names.timestamp),
        signature: header(headers, names.signature),
      };
      return Object.values(values).some((value) => value !== undefined) ? [{ names, values }] : [];
    });
    if (hexSignatures.length === 0 && families.length === 0) {
      throw new ApiError(
        'unauthorized',
        'Missing signature: send X-Signature or X-Hub-Signature-256 (sha256=<hex>), or the Standard Webhooks headers (webhook-* or svix-*)',
      );
    }
    let secret: string | null;
    try {
      secret = this.agentsService.webhookSigningSecret(agent);
    } catch (error) {
      if (error instanceof SecretUnreadableError) throw signingSecretUnreadable(agent, error);
      throw error;
    }
    if (secret === null) throw new ApiError('unauthorized', 'Invalid signature');
    if (families.length === 0) {
      if (!agent.webhookSignatureFormats.includes('sha256')) {
        throw new ApiError(
          'unauthorized',
          'This webhook accepts only Standard Webhooks signatures (webhook-id, webhook-timestamp, webhook-signature): X-Signature carries no timestamp and is refused',
        );
      }
      if (hexSignatures.some((value) => verifyHexSignature(secret, rawBody, value))) return null;
      throw new ApiError('unauthorized', 'Invalid signature');
    }
    const nowMs = now().getTime();
    for (const { names, values } of families) {
      const { id, timestamp, signature } = values;
      if (id === undefined || timestamp === undefined || signature === undefined) {
        throw new ApiError(
          'unauthorized',
          `Incomplete Standard Webhooks headers: ${names.id}, ${names.timestamp} and ${names.signature} go together`,
        );
      }
      const result = verifyStandardWebhook(secret, rawBody, { id, timestamp, signature }, nowMs);
      if (result === 'stale') {
        throw new ApiError(
          'unauthorized',
          `${names.timestamp} is more than 5 minutes away from the current time`,
        );
      }
      if (result !== 'valid') throw new ApiError('unauthorized', `Invalid ${names.signature}`);
    }
    const first = families[0];
    return { header: first.names.id, id: first.values.id! };
  }
}

/** A delivery key from header `name`: 1–255 characters, else 400 naming the header. */
function checkedKey(name: string, value: string): string {
  if (value.length === 0 || value.length > MAX_DELIVERY_KEY_LENGTH) {
    throw ApiError.invalid(name, `${name} must be 1 to ${MAX_DELIVERY_KEY_LENGTH} characters long`);
  }
  return value;
}

/**
 * The agent's signing secret is sealed under a key this process lacks (a SECRET_KEY changed
 * without `secret-key:rotate`, or a process not yet given the new key during a rotation):
 * the sender is not at fault, so a 503 it will retry, never a 401 or a crypto error.
 */
function signingSecretUnreadable(agent: Agent, error: SecretUnreadableError): ApiError {
  Logger.error(
    `Webhook of agent ${agent.id}: ${error.message}. Give this process the key that sealed it (see "The secret key" in docs/operations.md)`,
    'InboundWebhooks',
  );
  return ApiError.unavailable(
    "The server cannot verify this webhook's signature right now (its signing secret is unreadable with the server's current key); retry later",
    60,
  );
}

function replay(execution: Execution): WebhookAck {
  return {
    status: 200,
    body: {
      success: true,
      executionId: execution.id,
      message: 'Delivery already received; no new execution started',
    },
  };
}

/** A single header value (a repeated header counts as its comma-joined value). */
function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
