import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Account } from '../auth/account.entity';
import { CurrentAccount, OwnerOnly } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors.decorator';
import { InviteUserDto } from './dto/invite-user.dto';
import { UpdateUserDto } from './dto/update-user.dto';
import {
  InvitedUserResponse,
  PasswordResetResponse,
  toUserListItem,
  toUserResponse,
  UserListResponse,
  UserResponse,
} from './user.response';
import { UsersService } from './users.service';

const UserIdParam = () => ApiParam({ name: 'id', description: 'User id (`usr_…`)' });

/** `/v2/users`: the account's dashboard users, managed by owners. */
@Controller('users')
@ApiTags('Users')
@OwnerOnly()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOperation({ operationId: 'listUsers', summary: "The account's dashboard users" })
  @ApiOkResponse({ type: UserListResponse })
  async list(@CurrentAccount() account: Account): Promise<UserListResponse> {
    return { data: (await this.users.list(account.id)).map(toUserListItem) };
  }

  @Post()
  @ApiOperation({
    operationId: 'inviteUser',
    summary: 'Invite a user: answers the one-time link (24 h) where they set a password',
    description:
      'No mail is sent: pass `setup_url` on to the user. An address that already has a user in this account is 409 `conflict`; users of other accounts play no part (an address may have a user in several accounts).',
  })
  @ApiCreatedResponse({ type: InvitedUserResponse })
  @ApiErrors('conflict')
  async invite(
    @CurrentAccount() account: Account,
    @Body() body: InviteUserDto,
  ): Promise<InvitedUserResponse> {
    const { user, setupUrl } = await this.users.invite(account.id, body.email, body.role);
    return { user: toUserResponse(user), setup_url: setupUrl };
  }

  @Post(':id/password-reset')
  @HttpCode(201)
  @ApiOperation({
    operationId: 'resetUserPassword',
    summary: 'A one-time link (24 h) with which a user sets a new password',
    description:
      'For a user who forgot their password (or lost their invitation link). No mail is sent: pass `setup_url` on to the user. Their current password keeps working until the link is used; then every session of theirs ends.',
  })
  @UserIdParam()
  @ApiCreatedResponse({ type: PasswordResetResponse })
  async resetPassword(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<PasswordResetResponse> {
    const { user, setupUrl } = await this.users.issuePasswordReset(account.id, id);
    return {
      user: toUserResponse(user),
      setup_url: setupUrl,
      expires_at: user.setupExpiresAt!.toISOString(),
    };
  }

  @Patch(':id')
  @ApiOperation({
    operationId: 'updateUser',
    summary: "Change a user's role",
    description: 'Demoting the last owner of the account is 409 `conflict`.',
  })
  @UserIdParam()
  @ApiOkResponse({ type: UserResponse })
  @ApiErrors('conflict')
  async update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: UpdateUserDto,
  ): Promise<UserResponse> {
    return toUserResponse(await this.users.setRole(account.id, id, body.role));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'removeUser',
    summary: 'Remove a user (their sessions end)',
    description: 'Removing the last owner of the account is 409 `conflict`.',
  })
  @UserIdParam()
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiErrors('conflict')
  async remove(@CurrentAccount() account: Account, @Param('id') id: string): Promise<void> {
    await this.users.remove(account.id, id);
  }
}
