import { ApiFailure } from '../api';

/**
 * Why a member's save or test run of a config that uses `{{secrets.NAME}}` was refused (403
 * at the reference's path), shown where they acted: such a step sends the account's secret
 * to the host it names, which only an owner (or an API key with `secrets:use`) may decide.
 */
export function SecretUseNote({ error }: { error: unknown }) {
  if (
    !(error instanceof ApiFailure) ||
    error.status !== 403 ||
    !error.field ||
    !(error.field === 'config' || error.field.startsWith('config.'))
  ) {
    return null;
  }
  return (
    <p class="alert alert-info" data-testid="secret-use-note">
      This configuration uses one of the account's secrets (<code>{'{{secrets.NAME}}'}</code>). A
      step that uses a secret sends it to the host it names, so only an account owner can save or
      test such a configuration (an API key needs the <code>secrets:use</code> scope). Ask an owner
      to make this change, or remove the reference at <code>{error.field}</code>.
    </p>
  );
}
