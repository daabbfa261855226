/* eslint-disable @typescript-eslint/no-require-imports */
import { Command, InvalidArgumentError, Option } from 'commander';
import { Plan, PLANS } from '../config/plans';
import { DEFAULT_AGENT_KIND } from '../agents/default-kind';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { AGENT_MODULES, withServices } from './with-services';

/** What the agent commands call, loaded when one runs. */
function agentServices() {
  const { AccountsService } =
    require('../auth/accounts.service') as typeof import('../auth/accounts.service');
  const { ApiKeysService } =
    require('../auth/api-keys.service') as typeof import('../auth/api-keys.service');
  const { toAgentDetail, webhookUrl } =
    require('../agents/agent.response') as typeof import('../agents/agent.response');
  const { AgentsService } =
    require('../agents/agents.service') as typeof import('../agents/agents.service');
  const { CreateAgentDto } =
    require('../agents/dto/create-agent.dto') as typeof import('../agents/dto/create-agent.dto');
  const { validateDto } = require('../common/validation') as typeof import('../common/validation');
  const { UsersService } =
    require('../users/users.service') as typeof import('../users/users.service');
  return {
    AccountsService,
    ApiKeysService,
    AgentsService,
    UsersService,
    CreateAgentDto,
    validateDto,
    toAgentDetail,
    webhookUrl,
  };
}

function parseJsonObject(value: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new InvalidArgumentError('must be valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new InvalidArgumentError('must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

/** The demo owner `seed:demo` creates (moved to the newest demo account on each run). */
export const DEMO_OWNER_EMAIL = 'demo@example.com';

/** `agent:create` and `seed:demo` (docs/operations.md, CLI reference). */
export function registerAgentCommands(program: Command): void {
  program
    .command('agent:create')
    .description('Create an agent in an account; prints the detailed agent record')
    .requiredOption('--account <id>', 'account id (acc_...)')
    .requiredOption('--name <name>', 'display name')
    .option('--kind <kind>', `agent kind (default: ${DEFAULT_AGENT_KIND})`)
    .option('--config <json>', 'agent config, a JSON object', parseJsonObject)
    .action((opts: { account: string; name: string; kind?: string; config?: object }) =>
      withServices(AGENT_MODULES, async (app) => {
        const { AccountsService, AgentsService, CreateAgentDto, validateDto, toAgentDetail } =
          agentServices();
        const input = await validateDto(CreateAgentDto, {
          name: opts.name,
          kind: opts.kind,
          config: opts.config,
        });
        const account = await app.get(AccountsService).get(opts.account);
        const view = await app.get(AgentsService).create(account.id, input);
        return toAgentDetail(view, app.get<AppConfig>(APP_CONFIG).webhookBaseUrl);
      }),
    );

  program
    .command('seed:demo')
    .description(
      'Create a demo account with a full-scope API key, a lead-qualification agent and a demo owner (demo@example.com) with a one-time sign-in link',
    )
    .addOption(new Option('--plan <plan>', 'plan of the account').choices(PLANS).default('pro'))
    .action((opts: { plan: Plan }) =>
      withServices(AGENT_MODULES, async (app) => {
        const { AccountsService, ApiKeysService, AgentsService, UsersService, webhookUrl } =
          agentServices();
        const account = await app.get(AccountsService).create('Demo account', opts.plan);
        const key = await app.get(ApiKeysService).create(account.id);
        const { agent } = await app.get(AgentsService).create(account.id, {
          name: 'Demo lead qualification',
          kind: 'lead-qualification',
        });
        const owner = await app
          .get(UsersService)
          .invite(account.id, DEMO_OWNER_EMAIL, 'owner', { replace: true });
        return {
          account_id: account.id,
          api_key: key.key,
          agent_id: agent.id,
          webhook_url: webhookUrl(app.get<AppConfig>(APP_CONFIG).webhookBaseUrl, agent.webhookId),
          owner_email: owner.user.email,
          sign_in_url: owner.setupUrl,
        };
      }),
    );
}
