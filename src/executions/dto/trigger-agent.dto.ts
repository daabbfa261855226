import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsDefined,
  IsObject,
  IsString,
  IsUrl,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { JsonObjectField, Optional } from '../../agents/dto/agent-fields';
import { MAX_TAGS, TAG_MAX_LENGTH, TAG_PATTERN } from '../tags';

export const CALLBACK_URL_MAX_LENGTH = 2048;

export class TriggerOptionsDto {
  @ApiPropertyOptional({
    default: false,
    description:
      'false: wait up to SYNC_WAIT_MS for the result (200 when finished, else 202 `running`); true: answer 202 `queued` at once',
  })
  @Optional()
  @IsBoolean({ message: '$property must be a boolean' })
  async?: boolean;

  @ApiPropertyOptional({
    format: 'uri',
    maxLength: CALLBACK_URL_MAX_LENGTH,
    description:
      'http(s) URL the result is POSTed to when the execution finishes (see the callback of this operation)',
    example: 'https://example.com/hooks/agents',
  })
  @Optional()
  @IsString({ message: '$property must be a string' })
  @MaxLength(CALLBACK_URL_MAX_LENGTH, {
    message: `$property must be at most ${CALLBACK_URL_MAX_LENGTH} characters`,
  })
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: '$property must be an absolute http or https URL' },
  )
  callback_url?: string;

  /** Each item is checked by the trigger service (tags.ts), which names it: `options.tags[i]`. */
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', minLength: 1, maxLength: TAG_MAX_LENGTH, pattern: TAG_PATTERN.source },
    maxItems: MAX_TAGS,
    description:
      'Tags kept on the execution (`tags`) to find it with the `tag=` filter of the executions lists; a repeated tag counts once',
    example: ['campaign:black-friday', 'crm'],
  })
  @Optional()
  @IsArray({ message: '$property must be an array of tags' })
  tags?: string[];
}

/**
 * `POST /v2/agents/:id/trigger` (docs/api.md, Trigger and executions). Unknown fields, here or in
 * options: 400.
 */
export class TriggerAgentDto {
  /** Taken exactly as received (no class-transformer copy): it is stored as the input. */
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'The input of the run, any JSON object (lead-qualification reads email, name, company, phone, message)',
    example: { email: 'jane@acme.io', name: 'Jane Doe', company: 'Acme', message: 'Pricing?' },
  })
  @IsDefined({ message: 'input is required' })
  @JsonObjectField()
  input: Record<string, unknown>;

  @ApiPropertyOptional({ type: TriggerOptionsDto })
  @Optional()
  @IsObject({ message: 'options must be a JSON object' })
  @ValidateNested()
  @Type(() => TriggerOptionsDto)
  options?: TriggerOptionsDto;
}
