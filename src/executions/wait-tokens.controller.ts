import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Account } from '../auth/account.entity';
import { CurrentAccount, Public, RequireScope } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors.decorator';
import { ApiError } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import {
  CompleteWaitTokenDto,
  ListWaitTokensQuery,
  WaitTokenListResponse,
  WaitTokenRecord,
} from './dto/wait-tokens.dto';
import type { CompletedBy } from './wait-token.entity';
import { tokenPage } from './wait-token-page';
import { LocalBus } from '../queue/local-bus';
import { toWaitTokenResponse, WaitTokens } from './wait-tokens';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

const SecretParam = () =>
  ApiParam({ name: 'secret', description: 'The secret of the token’s `url`' });
const TokenIdParam = () => ApiParam({ name: 'id', description: 'Wait token id (`wtk_…`)' });

/** Wait token routes (docs/api.md, Wait tokens); the rules are WaitTokens'. */
@Controller()
@ApiTags('Wait tokens')
export class WaitTokensController {
  private readonly tokens: WaitTokens;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly bus: LocalBus,
  ) {
    this.tokens = new WaitTokens(dataSource);
  }

  /**
   * Completes a token; its execution, if it waits, was made due in that transaction: a wait
   * poller (this process's, or over Redis a worker's) resumes it at once.
   */
  private async completeToken(
    token: Parameters<WaitTokens['complete']>[0],
    completion: Parameters<WaitTokens['complete']>[1],
  ) {
    const done = await this.tokens.complete(token, completion);
    this.bus.emit('executions.due');
    return done;
  }

  @Get('wait-tokens')
  @RequireScope('executions:read')
  @ApiOperation({ operationId: 'listWaitTokens', summary: 'List the account’s wait tokens' })
  @ApiOkResponse({ type: WaitTokenListResponse })
  async list(@CurrentAccount() account: Account, @Query() query: ListWaitTokensQuery) {
    const limit = query.limit ?? 20;
    const page = await this.tokens.list(
      account.id,
      { status: query.status, agentId: query.agent_id, executionId: query.execution_id },
      limit,
      query.cursor,
    );
    return {
      data: page.items.map(toWaitTokenResponse),
      meta: { limit, has_more: page.nextCursor !== null, next_cursor: page.nextCursor },
    };
  }

  @Get('wait-tokens/:id')
  @RequireScope('executions:read')
  @ApiOperation({ operationId: 'getWaitToken', summary: 'Read one wait token' })
  @TokenIdParam()
  @ApiOkResponse({ type: WaitTokenRecord })
  async get(@CurrentAccount() account: Account, @Param('id') id: string) {
    return toWaitTokenResponse(await this.tokens.owned(account.id, id));
  }

  @Post('wait-tokens/:id/complete')
  @RequireScope('agents:trigger')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'completeWaitToken',
    summary: 'Complete a waiting token',
    description:
      'The first completion wins: a token that is not `waiting` is 409 `conflict` and nothing changes. The execution waiting on it resumes within a second.',
  })
  @TokenIdParam()
  @ApiOkResponse({ type: WaitTokenRecord })
  @ApiErrors('conflict')
  async complete(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: CompleteWaitTokenDto,
    @Req() req: Request,
  ) {
    const token = await this.tokens.owned(account.id, id);
    const done = await this.completeToken(token, {
      choice: body.choice,
      data: body.data,
      by: completedBy(req),
    });
    return toWaitTokenResponse(done);
  }

  /** The callback URL's page: shows the token and its buttons; completes nothing. */
  @Get('wait-tokens/:id/callback/:secret')
  @Public()
  @ApiOperation({
    operationId: 'waitTokenPage',
    summary: 'The callback URL’s page: the token and one button per choice; completes nothing',
  })
  @TokenIdParam()
  @SecretParam()
  @ApiProduces('text/html')
  @ApiErrors('not_found')
  @ApiOkResponse({
    description: 'An HTML page',
    content: { 'text/html': { schema: { type: 'string' } } },
  })
  async page(@Param('id') id: string, @Param('secret') secret: string, @Res() res: Response) {
    const token = await this.tokens.byCallback(id, secret);
    sendPage(res, 200, tokenPage(token, null));
  }

  /**
   * The callback URL completes the token: a JSON object body (`data`, its `choice` field the
   * choice), or the page's form (`choice` only), which is answered with a page.
   */
  @Post('wait-tokens/:id/callback/:secret')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'completeWaitTokenByLink',
    summary: 'Complete a token through its callback URL (no API key)',
    description:
      'A JSON object body completes the token with `data` = the body and `choice` = its `choice` field; the page’s form (`application/x-www-form-urlencoded`, `choice`) is answered with a page. A token that is not `waiting` is 409 `conflict`; a wrong secret 404.',
  })
  @TokenIdParam()
  @SecretParam()
  @ApiOkResponse({ type: WaitTokenRecord })
  @ApiErrors('not_found', 'conflict')
  async callback(
    @Param('id') id: string,
    @Param('secret') secret: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const token = await this.tokens.byCallback(id, secret);
    const form = req.formFields;
    const body: unknown = form ?? req.body;
    if (!isPlainObject(body)) throw ApiError.invalid('body', 'The body must be a JSON object');
    const completion = form
      ? { choice: form.choice, by: { type: 'link' } as const }
      : { choice: body.choice, data: body, by: { type: 'link' } as const };
    if (!form) {
      const done = await this.completeToken(token, completion);
      res.status(200).json(toWaitTokenResponse(done));
      return;
    }
    try {
      const done = await this.completeToken(token, completion);
      sendPage(res, 200, tokenPage(done, 'recorded'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const current = await this.tokens.byCallback(id, secret);
      sendPage(res, error.getStatus(), tokenPage(current, 'refused', error.message));
    }
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function completedBy(req: Request): CompletedBy {
  const auth = req.auth!;
  const user = (auth.session as { user?: { id: string; email: string } } | undefined)?.user;
  if (user) return { type: 'user', id: user.id, email: user.email };
  return { type: 'api_key', id: auth.apiKeyId ?? '' };
}

/** No script, no style from anywhere, forms to this origin only. */
const PAGE_CSP = "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function sendPage(res: Response, status: number, html: string): void {
  res
    .status(status)
    .set('Content-Security-Policy', PAGE_CSP)
    .set('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}
