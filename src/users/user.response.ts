import { ApiProperty } from '@nestjs/swagger';
import { PLANS } from '../config/plans';
import type { Account } from '../auth/account.entity';
import { iso } from '../common/time';
import { USER_ROLES, type User } from './user.entity';

export class UserResponse {
  @ApiProperty({ example: 'usr_01jd8z0a2b4c6d8e0f2g4h6j8k' })
  id: string;

  @ApiProperty({ example: 'ada@example.com' })
  email: string;

  @ApiProperty({ enum: USER_ROLES, example: 'owner' })
  role: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class UserListItem extends UserResponse {
  @ApiProperty({
    enum: ['active', 'invited'],
    description: '`invited` until the user sets a password with their link',
  })
  status: 'active' | 'invited';

  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  last_sign_in_at: string | null;
}

export class UserListResponse {
  @ApiProperty({ type: UserListItem, isArray: true })
  data: UserListItem[];
}

export class InvitedUserResponse {
  @ApiProperty({ type: UserResponse })
  user: UserResponse;

  @ApiProperty({
    format: 'uri',
    description:
      'The one-time link (24 h) where the user sets a password; shown only here, to pass on to them',
    example: 'http://localhost:3000/dashboard/setup-password?token=…',
  })
  setup_url: string;
}

export class PasswordResetResponse {
  @ApiProperty({ type: UserResponse })
  user: UserResponse;

  @ApiProperty({
    format: 'uri',
    description:
      'The one-time link (24 h) where the user sets a new password and signs in; shown only here, to pass on to them. Their current password works until the link is used; an earlier unused link no longer does.',
    example: 'http://localhost:3000/dashboard/setup-password?token=…',
  })
  setup_url: string;

  @ApiProperty({ format: 'date-time' })
  expires_at: string;
}

export class SessionAccount {
  @ApiProperty({ example: 'acc_01jd8yzz0a2b4c6d8e0f2g4h6j' })
  id: string;

  @ApiProperty({ example: 'Acme' })
  name: string;

  @ApiProperty({ enum: PLANS, example: 'pro' })
  plan: string;
}

export class SessionResponse {
  @ApiProperty({ type: UserResponse })
  user: UserResponse;

  @ApiProperty({ type: SessionAccount })
  account: SessionAccount;

  @ApiProperty({
    description:
      'Send it as `X-CSRF-Token` on every POST, PATCH, PUT and DELETE made with the session cookie',
  })
  csrf_token: string;
}

export function toUserResponse(user: User): UserResponse {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    created_at: user.createdAt.toISOString(),
  };
}

export function toUserListItem(user: User): UserListItem {
  return {
    ...toUserResponse(user),
    status: user.passwordHash ? 'active' : 'invited',
    last_sign_in_at: iso(user.lastSignInAt),
  };
}

export function toSessionResponse(
  user: User,
  account: Account,
  csrfToken: string,
): SessionResponse {
  return {
    user: toUserResponse(user),
    account: { id: account.id, name: account.name, plan: account.plan },
    csrf_token: csrfToken,
  };
}
