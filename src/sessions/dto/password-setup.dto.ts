import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

/** `POST /v2/password-setup`. */
export class PasswordSetupDto {
  @ApiProperty({ maxLength: 200, description: 'The `token` of the one-time setup link' })
  @IsString({ message: 'token must be a string' })
  @MaxLength(200, { message: 'token must be at most 200 characters' })
  token: string;

  @ApiProperty({ minLength: 12, maxLength: 256, description: 'At least 12 characters' })
  @IsString({ message: 'password must be a string' })
  password: string;
}
