import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

export const CREDENTIAL_TYPES = ['api_key', 'signature'] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

/** `POST /v2/agents/:id/webhook-credentials`. */
export class CreateWebhookCredentialDto {
  @ApiProperty({
    enum: CREDENTIAL_TYPES,
    description:
      '`api_key`: a key for `X-API-Key`; `signature`: a `whsec_…` signing secret. Sets `webhook_auth` to this type',
  })
  @IsIn(CREDENTIAL_TYPES, { message: `type must be one of: ${CREDENTIAL_TYPES.join(', ')}` })
  type: CredentialType;
}
