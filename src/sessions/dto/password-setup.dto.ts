import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, MaxLength } from 'class-validator';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../users/password';

/** `POST /v2/password-setup`. */
export class PasswordSetupDto {
  @ApiProperty({ maxLength: 200, description: 'The `token` of the one-time setup link' })
  @IsString({ message: 'token must be a string' })
  @MaxLength(200, { message: 'token must be at most 200 characters' })
  token: string;

  @ApiProperty({
    minLength: MIN_PASSWORD_LENGTH,
    maxLength: MAX_PASSWORD_LENGTH,
    description: 'At least 12 characters',
  })
  @IsString({ message: 'password must be a string' })
  // Checked here, before the token: a request with a short password names it.
  @Length(MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH, {
    message: `password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`,
  })
  password: string;
}
