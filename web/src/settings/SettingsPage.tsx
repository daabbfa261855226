import { api, type AccountInfo } from '../api';
import { useSession } from '../session/context';
import { PageHeader, useLoad } from '../ui';
import { PlanPanel } from './PlanPanel';
import { ApiKeysPanel } from './ApiKeysPanel';
import { SecretsPanel } from './SecretsPanel';
import { SigningPanel } from './SigningPanel';
import { UsagePanel } from './UsagePanel';
import { UsersPanel } from './UsersPanel';
import { WebhookEndpointsPanel } from './WebhookEndpointsPanel';
import { McpServerPanel } from './McpServerPanel';
import { PasswordPanel } from './PasswordPanel';

export function SettingsPage() {
  const { session } = useSession();
  const owner = session.user.role === 'owner';
  const account = useLoad(() => api<AccountInfo>('GET', '/account'), []);
  return (
    <>
      <PageHeader title="Settings" subtitle={`${session.account.name} · ${session.account.id}`} />
      <PlanPanel account={account.data} error={account.error} />
      <UsagePanel />
      {owner ? (
        <>
          <ApiKeysPanel />
          <SecretsPanel />
          <SigningPanel account={account.data} onChange={account.reload} />
          <WebhookEndpointsPanel />
          <UsersPanel me={session.user} />
        </>
      ) : (
        <section class="panel" aria-labelledby="owner-only">
          <h2 id="owner-only">Keys, secrets and users</h2>
          <p class="muted">
            API keys, workflow secrets, the signing secret, webhook endpoints and users are managed
            by the account's owners. Ask an owner if you need one of these.
          </p>
        </section>
      )}
      <McpServerPanel account={account.data} />
      <PasswordPanel />
    </>
  );
}
