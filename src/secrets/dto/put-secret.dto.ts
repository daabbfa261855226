import { ApiProperty } from '@nestjs/swagger';
import { IsString, Validate, ValidatorConstraint } from 'class-validator';
import type { ValidatorConstraintInterface } from 'class-validator';
import { SECRET_VALUE_MAX_BYTES, SECRET_VALUE_MIN_LENGTH } from '../secret.entity';

@ValidatorConstraint({ name: 'secretValueLength' })
class SecretValueLength implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'string') return false;
    return (
      [...value].length >= SECRET_VALUE_MIN_LENGTH &&
      Buffer.byteLength(value, 'utf8') <= SECRET_VALUE_MAX_BYTES
    );
  }
}

/** `PUT /v2/secrets/:name`. */
export class PutSecretDto {
  @ApiProperty({
    description: `The secret value: at least ${SECRET_VALUE_MIN_LENGTH} characters (a shorter one could be found by a run whose output lists guesses, since outputs are redacted), at most 8 KiB of UTF-8; stored encrypted, never shown again`,
    minLength: SECRET_VALUE_MIN_LENGTH,
    maxLength: SECRET_VALUE_MAX_BYTES,
    example: 'sk_live_…',
    writeOnly: true,
  })
  @IsString({ message: 'value must be a string' })
  @Validate(SecretValueLength, {
    message: `value must be ${SECRET_VALUE_MIN_LENGTH} characters to 8 KiB of UTF-8 (a random token, not a short code)`,
  })
  value: string;
}
