import { Body, Controller, Delete, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  CurrentAccount,
  CurrentSession,
  Public,
  SameOriginOnly,
  SessionOnly,
  type SessionContext,
} from '../auth/auth.decorators';
import type { Account } from '../auth/account.entity';
import { ApiErrors } from '../common/api-errors.decorator';
import { SessionResponse, toSessionResponse } from '../users/user.response';
import { UsersService } from '../users/users.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { PasswordSetupDto } from './dto/password-setup.dto';
import { SignInDto } from './dto/sign-in.dto';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { SessionsService, StartedSession } from './sessions.service';

/** Dashboard sign-in, sign-out, the current session and passwords. */
@Controller()
@ApiTags('Dashboard sessions')
export class SessionsController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
  ) {}

  @Post('session')
  @Public()
  @SameOriginOnly()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'signIn',
    summary: 'Sign in to the dashboard',
    description:
      "Sets the `aas_session` cookie (HttpOnly, SameSite=Lax, Secure over https). A wrong address and a wrong password get the same 401. Attempts are limited per address and per client IP (429 with `Retry-After`). From a browser, `Origin` must be the API's own.",
  })
  @ApiOkResponse({
    type: SessionResponse,
    headers: { 'Set-Cookie': { description: 'The session cookie', schema: { type: 'string' } } },
  })
  @ApiErrors('unauthorized', 'forbidden', 'rate_limited')
  async signIn(
    @Body() body: SignInDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SessionResponse> {
    return this.started(req, res, await this.sessions.signIn(body.email, body.password, req.ip));
  }

  @Get('session')
  @SessionOnly()
  @ApiOperation({
    operationId: 'getSession',
    summary: 'The signed-in user, their account and the CSRF token',
  })
  @ApiOkResponse({ type: SessionResponse })
  current(
    @CurrentSession() session: SessionContext,
    @CurrentAccount() account: Account,
  ): SessionResponse {
    return toSessionResponse(session.user, account, session.csrfToken);
  }

  @Delete('session')
  @SessionOnly()
  @HttpCode(204)
  @ApiOperation({ operationId: 'signOut', summary: 'Sign out (ends the dashboard session)' })
  @ApiNoContentResponse({ description: 'Signed out; the cookie is cleared' })
  async signOut(
    @CurrentSession() session: SessionContext,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    await this.sessions.signOut(session.id);
    clearSessionCookie(req, res);
  }

  @Post('session/password')
  @SessionOnly()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'changePassword',
    summary: "Change the signed-in user's password",
    description:
      "Needs the current password (400 `current_password` when wrong); the new one has at least 12 characters. Each attempt counts against the sign-in limits of the user's address and of the client IP (429 with `Retry-After` past them). Every session of the user ends, this one included; the answer sets the cookie of a new session (with its own CSRF token) for the requester.",
  })
  @ApiOkResponse({
    type: SessionResponse,
    description: 'Changed; a new session',
    headers: {
      'Set-Cookie': { description: 'The new session cookie', schema: { type: 'string' } },
    },
  })
  @ApiErrors('rate_limited')
  async changePassword(
    @CurrentSession() session: SessionContext,
    @Body() body: ChangePasswordDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SessionResponse> {
    await this.sessions.throttlePasswordCheck(session.user.email, req.ip);
    await this.users.changePassword(session.user, body.current_password, body.new_password);
    return this.started(req, res, await this.sessions.start(session.user));
  }

  @Post('password-setup')
  @Public()
  @SameOriginOnly()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'setUpPassword',
    summary: 'Set a password with a one-time setup link, and sign in',
    description:
      "The token of a link made by `user:create`, `seed:demo` or an owner's invitation (valid 24 h, once). A bad, used or expired token is 400 `token`; a password under 12 characters 400 `password`. Ends any other session of the user.",
  })
  @ApiOkResponse({ type: SessionResponse })
  @ApiErrors('forbidden')
  async setUpPassword(
    @Body() body: PasswordSetupDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SessionResponse> {
    const user = await this.users.completeSetup(body.token, body.password);
    return this.started(req, res, await this.sessions.start(user));
  }

  private started(req: Request, res: Response, started: StartedSession): SessionResponse {
    setSessionCookie(req, res, started.token, this.sessions.maxAgeMs);
    return toSessionResponse(started.user, started.account, started.csrfToken);
  }
}
