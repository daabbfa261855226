import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, MaxLength } from 'class-validator';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../users/password';

/** `POST /v2/session/password`. */
export class ChangePasswordDto {
  @ApiProperty({ maxLength: 256 })
  @IsString({ message: 'current_password must be a string' })
  @MaxLength(256, { message: 'current_password must be at most 256 characters' })
  current_password: string;

  @ApiProperty({
    minLength: MIN_PASSWORD_LENGTH,
    maxLength: MAX_PASSWORD_LENGTH,
    description: 'At least 12 characters',
  })
  @IsString({ message: 'new_password must be a string' })
  // Checked here, before the current password: a request with a short password names it.
  @Length(MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH, {
    message: `new_password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`,
  })
  new_password: string;
}
