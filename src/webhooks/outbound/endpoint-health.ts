import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThanOrEqual, Not, Repository } from 'typeorm';
import { SecretBox } from '../../common/crypto';
import { APP_CONFIG, type AppConfig } from '../../config/configuration';
import { EndpointSubscriptions } from './endpoint-subscriptions';
import { WebhookEndpoint } from './webhook-endpoint.entity';

/** Where and how an event is sent to an endpoint now. */
export interface EndpointTarget {
  url: string;
  secret: string;
  /** The previous secret during the overlap after a rotation. */
  previousSecrets: string[];
}

/**
 * The dispatcher's view of webhook endpoints: where an attempt goes and with which secrets,
 * and each attempt's outcome. An endpoint whose every attempt failed for
 * ENDPOINT_DISABLE_AFTER_MS (5 days) is disabled, with the reason on it; a success resets the
 * clock.
 */
@Injectable()
export class EndpointHealth {
  private readonly logger = new Logger('WebhookEndpoints');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(WebhookEndpoint) private readonly endpoints: Repository<WebhookEndpoint>,
    private readonly box: SecretBox,
    private readonly subscriptions: EndpointSubscriptions,
  ) {}

  /** The enabled endpoint's URL and secrets; null when it was deleted or disabled. */
  async target(accountId: string, id: string): Promise<EndpointTarget | null> {
    const endpoint = await this.endpoints.findOneBy({ accountId, id, enabled: true });
    if (!endpoint) return null;
    const overlap =
      endpoint.previousSecretEnc !== null &&
      endpoint.previousSecretExpiresAt !== null &&
      endpoint.previousSecretExpiresAt.getTime() > Date.now();
    return {
      url: endpoint.url,
      secret: this.box.open(endpoint.secretEnc),
      previousSecrets: overlap ? [this.box.open(endpoint.previousSecretEnc!)] : [],
    };
  }

  /** Records an attempt's outcome; disables an endpoint that has failed for too long. */
  async record(accountId: string, id: string, ok: boolean, at: Date): Promise<void> {
    if (ok) {
      await this.endpoints.update({ id, failingSince: Not(IsNull()) }, { failingSince: null });
      return;
    }
    await this.endpoints.update({ id, failingSince: IsNull() }, { failingSince: at });
    const cutoff = new Date(at.getTime() - this.config.endpointDisableAfterMs);
    const disabled = await this.endpoints.update(
      { id, enabled: true, failingSince: LessThanOrEqual(cutoff) },
      {
        enabled: false,
        disabledReason: `Disabled automatically: every delivery failed for ${describeMs(this.config.endpointDisableAfterMs)}`,
        updatedAt: at,
      },
    );
    if (disabled.affected) {
      this.logger.warn(`Webhook endpoint ${id} disabled: every delivery failed for too long`);
      this.subscriptions.changed(accountId);
    }
  }
}

function describeMs(ms: number): string {
  const days = ms / 86_400_000;
  if (days >= 1 && Number.isInteger(days)) return `${days} day${days === 1 ? '' : 's'}`;
  const hours = ms / 3_600_000;
  if (hours >= 1 && Number.isInteger(hours)) return `${hours} hour${hours === 1 ? '' : 's'}`;
  return `${ms} ms`;
}
