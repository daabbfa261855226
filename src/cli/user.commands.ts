/* eslint-disable @typescript-eslint/no-require-imports */
import { Command, Option } from 'commander';
import { ApiError } from '../common/api-error';
import { USER_ROLES, type UserRole } from '../users/user.entity';
import { USER_MODULES, withServices } from './with-services';

type UsersModule = typeof import('../users/users.service');

/**
 * `user:create`: a dashboard user and their one-time password-setup link (24 h).
 * `user:reset-password`: a new such link for a user who cannot sign in (a sole owner who
 * forgot the password has no one else to ask).
 */
export function registerUserCommands(program: Command): void {
  program
    .command('user:create')
    .description('Create a dashboard user; prints a one-time link (24 h) to set a password')
    .requiredOption('--account <id>', 'account id (acc_...)')
    .requiredOption('--email <address>', 'the address the user signs in with')
    .addOption(new Option('--role <role>', 'role').choices(USER_ROLES).default('owner'))
    .action((opts: { account: string; email: string; role: UserRole }) =>
      withServices(USER_MODULES, async (app) => {
        const { UsersService } = require('../users/users.service') as UsersModule;
        const { user, setupUrl } = await app
          .get(UsersService)
          .invite(opts.account, opts.email, opts.role);
        return { id: user.id, email: user.email, role: user.role, setup_url: setupUrl };
      }),
    );

  program
    .command('user:reset-password')
    .description(
      'Print a one-time link (24 h) with which a dashboard user sets a new password and signs in',
    )
    .requiredOption('--email <address>', 'the address the user signs in with')
    .option('--account <id>', 'account id (acc_...), when the address has users in several')
    .action((opts: { email: string; account?: string }) =>
      withServices(USER_MODULES, async (app) => {
        const { UsersService, normalizeEmail } = require('../users/users.service') as UsersModule;
        const users = app.get(UsersService);
        const email = normalizeEmail(opts.email);
        const found = (await users.findByEmail(email)).filter(
          (user) => opts.account === undefined || user.accountId === opts.account,
        );
        if (found.length === 0) {
          throw ApiError.invalid(
            'email',
            opts.account === undefined
              ? 'no dashboard user has this address'
              : 'no dashboard user of this account has this address',
          );
        }
        if (found.length > 1) {
          throw ApiError.invalid(
            'account',
            `the address has users in ${found.length} accounts (${found.map((u) => u.accountId).join(', ')}); name one with --account`,
          );
        }
        const { user, setupUrl } = await users.issuePasswordReset(found[0].accountId, found[0].id);
        return {
          id: user.id,
          account_id: user.accountId,
          email: user.email,
          role: user.role,
          setup_url: setupUrl,
          expires_at: user.setupExpiresAt!.toISOString(),
        };
      }),
    );
}
