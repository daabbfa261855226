import { ApiProperty } from '@nestjs/swagger';
import { iso } from '../common/time';
import { ApiKey, SCOPES } from './api-key.entity';

export class ApiKeyResponse {
  @ApiProperty({ example: 'key_01jd8z0a2b4c6d8e0f2g4h6j8k' })
  id: string;

  @ApiProperty({ example: 'Zapier integration', nullable: true, type: String })
  name: string | null;

  @ApiProperty({
    description: 'The first characters of the key, to recognise it',
    example: 'aas_Xk3pQ9sd',
  })
  prefix: string;

  @ApiProperty({ enum: SCOPES, isArray: true, example: [...SCOPES] })
  scopes: string[];

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  last_used_at: string | null;

  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  revoked_at: string | null;
}

export class ApiKeyListResponse {
  @ApiProperty({ type: ApiKeyResponse, isArray: true })
  data: ApiKeyResponse[];
}

export class CreatedApiKeyResponse {
  @ApiProperty({ example: 'key_01jd8z0a2b4c6d8e0f2g4h6j8k' })
  id: string;

  @ApiProperty({ example: 'Zapier integration', nullable: true, type: String })
  name: string | null;

  @ApiProperty({ example: 'aas_Xk3pQ9sd' })
  prefix: string;

  @ApiProperty({ enum: SCOPES, isArray: true, example: [...SCOPES] })
  scopes: string[];

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({
    description: 'The key itself: shown only in this answer, stored as a hash',
    example: 'aas_Xk3pQ9sdLr…',
  })
  key: string;
}

export function toApiKeyResponse(key: ApiKey): ApiKeyResponse {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes.split(',').filter(Boolean),
    created_at: key.createdAt.toISOString(),
    last_used_at: iso(key.lastUsedAt),
    revoked_at: iso(key.revokedAt),
  };
}
