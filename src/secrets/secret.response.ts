import { ApiProperty } from '@nestjs/swagger';
import type { AccountSecret } from './secret.entity';

/** A secret as the API shows it: its name and times, never its value. */
export class SecretResponse {
  @ApiProperty({ example: 'CRM_TOKEN', pattern: '^[A-Z][A-Z0-9_]{0,63}$' })
  name: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class SecretListResponse {
  @ApiProperty({ type: SecretResponse, isArray: true })
  data: SecretResponse[];
}

export function toSecretResponse(secret: AccountSecret): SecretResponse {
  return {
    name: secret.name,
    created_at: secret.createdAt.toISOString(),
    updated_at: secret.updatedAt.toISOString(),
  };
}
