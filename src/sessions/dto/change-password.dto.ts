import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

/** `POST /v2/session/password`. */
export class ChangePasswordDto {
  @ApiProperty({ maxLength: 256 })
  @IsString({ message: 'current_password must be a string' })
  @MaxLength(256, { message: 'current_password must be at most 256 characters' })
  current_password: string;

  @ApiProperty({ minLength: 12, maxLength: 256, description: 'At least 12 characters' })
  @IsString({ message: 'new_password must be a string' })
  new_password: string;
}
