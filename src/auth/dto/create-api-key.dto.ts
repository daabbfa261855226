import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsString, Length } from 'class-validator';
import { Optional } from '../../common/validation';
import { SCOPES, type Scope } from '../api-key.entity';

/** `POST /v2/api-keys`. */
export class CreateApiKeyDto {
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Zapier integration' })
  @IsString({ message: 'name must be a string' })
  @Length(1, 200, { message: 'name must be 1 to 200 characters' })
  name: string;

  @ApiPropertyOptional({
    enum: SCOPES,
    isArray: true,
    minItems: 1,
    maxItems: SCOPES.length,
    description: 'Scopes of the key; all of them when omitted',
    example: ['agents:read', 'agents:trigger'],
  })
  @Optional()
  @IsArray({ message: 'scopes must be an array' })
  @ArrayMinSize(1, { message: 'scopes must have at least 1 item' })
  @ArrayMaxSize(SCOPES.length, { message: `scopes must have at most ${SCOPES.length} items` })
  @IsIn(SCOPES, { each: true, message: `each scope must be one of ${SCOPES.join(', ')}` })
  scopes?: Scope[];
}
