import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { USER_ROLES, type UserRole } from '../user.entity';

/** `PATCH /v2/users/:id`. */
export class UpdateUserDto {
  @ApiProperty({ enum: USER_ROLES, example: 'owner' })
  @IsIn(USER_ROLES, { message: `role must be one of ${USER_ROLES.join(', ')}` })
  role: UserRole;
}
