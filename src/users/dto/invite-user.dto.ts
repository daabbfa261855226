import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { USER_ROLES, type UserRole } from '../user.entity';
import { EMAIL_PATTERN } from '../users.service';

/** `POST /v2/users`. */
export class InviteUserDto {
  @ApiProperty({
    maxLength: 254,
    pattern: EMAIL_PATTERN.source,
    description:
      'An email address (`local@domain.tld`; compared lower-cased, surrounding spaces ignored)',
    example: 'lin@example.com',
  })
  @IsString({ message: 'email must be a string' })
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  email: string;

  @ApiProperty({ enum: USER_ROLES, example: 'member' })
  @IsIn(USER_ROLES, { message: `role must be one of ${USER_ROLES.join(', ')}` })
  role: UserRole;
}
