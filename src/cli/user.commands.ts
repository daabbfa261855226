/* eslint-disable @typescript-eslint/no-require-imports */
import { Command, Option } from 'commander';
import { USER_ROLES, type UserRole } from '../users/user.entity';
import { USER_MODULES, withServices } from './with-services';

/** `user:create`: a dashboard user and their one-time password-setup link (24 h). */
export function registerUserCommands(program: Command): void {
  program
    .command('user:create')
    .description('Create a dashboard user; prints a one-time link (24 h) to set a password')
    .requiredOption('--account <id>', 'account id (acc_...)')
    .requiredOption('--email <address>', 'the address the user signs in with')
    .addOption(new Option('--role <role>', 'role').choices(USER_ROLES).default('owner'))
    .action((opts: { account: string; email: string; role: UserRole }) =>
      withServices(USER_MODULES, async (app) => {
        const { UsersService } =
          require('../users/users.service') as typeof import('../users/users.service');
        const { user, setupUrl } = await app
          .get(UsersService)
          .invite(opts.account, opts.email, opts.role);
        return { id: user.id, email: user.email, role: user.role, setup_url: setupUrl };
      }),
    );
}
