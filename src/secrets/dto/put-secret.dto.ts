import { ApiProperty } from '@nestjs/swagger';
import { IsString, Validate, ValidatorConstraint } from 'class-validator';
import type { ValidatorConstraintInterface } from 'class-validator';
import { SECRET_VALUE_MAX_BYTES } from '../secret.entity';

@ValidatorConstraint({ name: 'utf8Bytes' })
class AtMostBytes implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'string') return false;
    const bytes = Buffer.byteLength(value, 'utf8');
    return bytes >= 1 && bytes <= SECRET_VALUE_MAX_BYTES;
  }
}

/** `PUT /v2/secrets/:name`. */
export class PutSecretDto {
  @ApiProperty({
    description: 'The secret value (at most 8 KiB of UTF-8); stored encrypted, never shown again',
    minLength: 1,
    maxLength: SECRET_VALUE_MAX_BYTES,
    example: 'sk_live_…',
    writeOnly: true,
  })
  @IsString({ message: 'value must be a string' })
  @Validate(AtMostBytes, { message: 'value must be 1 byte to 8 KiB of UTF-8' })
  value: string;
}
