import { type AccountInfo } from '../api';
import { ErrorNote, Loading, Meter } from '../ui';

export function PlanPanel({
  account,
  error,
}: {
  account: AccountInfo | undefined;
  error: unknown;
}) {
  return (
    <section class="panel" aria-labelledby="plan-title">
      <h2 id="plan-title">Plan and usage</h2>
      <ErrorNote error={error} />
      {!account ? (
        !error && <Loading />
      ) : (
        <>
          <p>
            Plan: <strong class="plan">{account.plan}</strong>
          </p>
          <Meter
            label="Executions in the last 60 minutes"
            used={account.usage?.this_hour ?? 0}
            limit={account.limits?.per_hour}
          />
          <p class="muted small">
            {account.limits
              ? `Plan limits: ${account.limits.per_hour.toLocaleString()} triggers per hour, ${account.limits.per_second.toLocaleString()} per second.`
              : 'Your plan has no rate limits.'}{' '}
            {account.usage ? `${account.usage.today.toLocaleString()} executions today (UTC).` : ''}
          </p>
        </>
      )}
    </section>
  );
}
