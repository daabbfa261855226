/* eslint-disable @typescript-eslint/no-require-imports */
import 'reflect-metadata';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { PLANS, Plan } from '../config/plans';
import { Scope, SCOPES } from '../auth/api-key.entity';
import { ConfigError, redactConfigSecrets } from '../config/configuration';
import { registerAgentCommands } from './agent.commands';
import { registerUserCommands } from './user.commands';
import { ACCOUNT_MODULES, withDatabase, withServices } from './with-services';

// Each command loads what it calls when it runs (`require` in its action, with-services.ts):
// the program itself loads no service, so that a command pays only for its own.

function parseScopes(value: string): Scope[] {
  const scopes = value
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  for (const scope of scopes) {
    if (!(SCOPES as readonly string[]).includes(scope)) {
      throw new InvalidArgumentError(`unknown scope "${scope}" (allowed: ${SCOPES.join(', ')})`);
    }
  }
  if (scopes.length === 0) throw new InvalidArgumentError('at least one scope is required');
  return scopes as Scope[];
}

export function buildProgram(): Command {
  const program = new Command('cli')
    .description('Agent Automation Service administration. Prints one JSON object per command.')
    .exitOverride()
    .showHelpAfterError(false)
    .configureOutput({
      writeOut: (text) => process.stderr.write(text),
      writeErr: (text) => process.stderr.write(text),
    });

  program
    .command('migrate')
    .description('Run pending database migrations')
    .action(() =>
      withDatabase(
        async (dataSource) => {
          const { runMigrationsLocked } =
            require('../database/database') as typeof import('../database/database');
          // Under the same lock as MIGRATE_ON_START: safe beside processes starting.
          return { migrated: await runMigrationsLocked(dataSource) };
        },
        { migrate: false, checkSchema: false, checkSecretKey: false },
      ),
    );

  program
    .command('secret-key:rotate')
    .description(
      'Re-encrypt every stored secret under SECRET_KEY, reading it with SECRET_KEY or SECRET_KEY_PREVIOUS (safe to interrupt and run again)',
    )
    .option('--batch-size <n>', 'rows per statement (default 500)', (value: string) => {
      if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 10_000) {
        throw new InvalidArgumentError('must be an integer from 1 to 10000');
      }
      return Number(value);
    })
    .action((opts: { batchSize?: number }) =>
      withDatabase(
        async (dataSource, config) => {
          const { rotateSecretKey } =
            require('../secret-key/secret-key-rotation') as typeof import('../secret-key/secret-key-rotation');
          const { SecretBox } = require('../common/crypto') as typeof import('../common/crypto');
          const box = new SecretBox(config.secretKey, config.secretKeyPrevious);
          return rotateSecretKey(dataSource, box, { batchSize: opts.batchSize });
        },
        { checkSecretKey: false },
      ),
    );

  program
    .command('account:create')
    .description('Create an account')
    .requiredOption('--name <name>', 'display name')
    .addOption(new Option('--plan <plan>', 'plan').choices(PLANS).makeOptionMandatory())
    .action((opts: { name: string; plan: Plan }) =>
      withServices(ACCOUNT_MODULES, async (app) => {
        const { AccountsService } =
          require('../auth/accounts.service') as typeof import('../auth/accounts.service');
        const account = await app.get(AccountsService).create(opts.name, opts.plan);
        return { id: account.id, name: account.name, plan: account.plan };
      }),
    );

  program
    .command('key:create')
    .description('Create an API key (shown only once)')
    .requiredOption('--account <id>', 'account id')
    .option('--scopes <scopes>', `comma list of ${SCOPES.join(', ')}`, parseScopes)
    .option('--name <name>', 'a label for the key')
    .action((opts: { account: string; scopes?: Scope[]; name?: string }) =>
      withServices(ACCOUNT_MODULES, async (app) => {
        const { ApiKeysService } =
          require('../auth/api-keys.service') as typeof import('../auth/api-keys.service');
        const { id, key, scopes } = await app
          .get(ApiKeysService)
          .create(opts.account, opts.scopes, opts.name ?? null);
        return { id, key, scopes };
      }),
    );

  program
    .command('key:revoke')
    .description('Revoke an API key')
    .requiredOption('--key <id>', 'API key id (key_...)')
    .action((opts: { key: string }) =>
      withServices(ACCOUNT_MODULES, async (app) => {
        const { ApiKeysService } =
          require('../auth/api-keys.service') as typeof import('../auth/api-keys.service');
        return app.get(ApiKeysService).revoke(opts.key);
      }),
    );

  program
    .command('signing-secret:rotate')
    .description("Set a new signing secret for the account's outgoing webhooks (shown only once)")
    .requiredOption('--account <id>', 'account id')
    .action((opts: { account: string }) =>
      withServices(ACCOUNT_MODULES, async (app) => {
        const { AccountsService } =
          require('../auth/accounts.service') as typeof import('../auth/accounts.service');
        return app.get(AccountsService).rotateSigningSecret(opts.account);
      }),
    );

  registerAgentCommands(program);
  registerUserCommands(program);
  return program;
}

async function main(argv: string[]): Promise<void> {
  try {
    await buildProgram().parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exit(error.exitCode === 0 ? 0 : 2);
    }
    // A refusal (ApiError) names its field; checked by shape, so that this file loads no service.
    const field = (error as { field?: unknown } | null)?.field;
    const message =
      error instanceof Error &&
      typeof field === 'string' &&
      field &&
      !error.message.startsWith(field)
        ? `${field}: ${error.message}`
        : error instanceof ConfigError || error instanceof Error
          ? error.message
          : String(error);
    process.stderr.write(`error: ${redactConfigSecrets(message)}\n`);
    process.exit(1);
  }
}

if (require.main === module) void main(process.argv);
