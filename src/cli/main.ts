import 'reflect-metadata';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { AccountsService } from '../auth/accounts.service';
import { PLANS, Plan } from '../config/plans';
import { ApiKeysService } from '../auth/api-keys.service';
import { Scope, SCOPES } from '../auth/api-key.entity';
import { ApiError } from '../common/api-error';
import { SecretBox } from '../common/crypto';
import { ConfigError, redactConfigSecrets } from '../config/configuration';
import { rotateSecretKey } from '../secret-key/secret-key-rotation';
import { runMigrationsLocked } from '../database/database';
import { registerAgentCommands } from './agent.commands';
import { registerUserCommands } from './user.commands';
import { withServices } from './with-services';

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
      withServices(
        async (app) => {
          const { getDataSourceToken } = await import('@nestjs/typeorm');
          // Under the same lock as MIGRATE_ON_START: safe beside processes starting.
          return { migrated: await runMigrationsLocked(app.get(getDataSourceToken())) };
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
      withServices(
        async (app) => {
          const { getDataSourceToken } = await import('@nestjs/typeorm');
          return rotateSecretKey(app.get(getDataSourceToken()), app.get(SecretBox), {
            batchSize: opts.batchSize,
          });
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
      withServices(async (app) => {
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
      withServices(async (app) => {
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
      withServices((app) => app.get(ApiKeysService).revoke(opts.key)),
    );

  program
    .command('signing-secret:rotate')
    .description("Set a new signing secret for the account's outgoing webhooks (shown only once)")
    .requiredOption('--account <id>', 'account id')
    .action((opts: { account: string }) =>
      withServices((app) => app.get(AccountsService).rotateSigningSecret(opts.account)),
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
    const message =
      error instanceof ApiError && error.field && !error.message.startsWith(error.field)
        ? `${error.field}: ${error.message}`
        : error instanceof ConfigError || error instanceof Error
          ? error.message
          : String(error);
    process.stderr.write(`error: ${redactConfigSecrets(message)}\n`);
    process.exit(1);
  }
}

if (require.main === module) void main(process.argv);
