import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsObject,
  IsString,
  IsUrl,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { JsonObjectField, Optional } from '../../agents/dto/agent-fields';

export const CALLBACK_URL_MAX_LENGTH = 2048;

export class TriggerOptionsDto {
  @Optional()
  @IsBoolean({ message: '$property must be a boolean' })
  async?: boolean;

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
}

/** `POST /v2/agents/:id/trigger` (CONTRACT §4). Unknown fields, here or in options: 400. */
export class TriggerAgentDto {
  /** Taken exactly as received (no class-transformer copy): it is stored as the input. */
  @IsDefined({ message: 'input is required' })
  @JsonObjectField()
  input: Record<string, unknown>;

  @Optional()
  @IsObject({ message: 'options must be a JSON object' })
  @ValidateNested()
  @Type(() => TriggerOptionsDto)
  options?: TriggerOptionsDto;
}
