import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

/** `POST /v2/session`. */
export class SignInDto {
  @ApiProperty({ maxLength: 254, example: 'ada@example.com' })
  @IsString({ message: 'email must be a string' })
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  email: string;

  @ApiProperty({ maxLength: 256, example: 'correct horse battery staple' })
  @IsString({ message: 'password must be a string' })
  @MaxLength(256, { message: 'password must be at most 256 characters' })
  password: string;
}
