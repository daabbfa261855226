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
          {/* No bar against the plan's limit: the limit counts every request (REST and
              webhook), not executions, and each counted answer says what is left. */}
          <Meter
            label="Executions in the last 60 minutes"
            used={account.usage?.this_hour ?? 0}
            limit={undefined}
          />
          <p class="muted small">
            {account.limits
              ? `Rate limits: ${account.limits.per_hour.toLocaleString()} requests per hour and ${account.limits.per_second.toLocaleString()} per second, API and webhooks together; every answer's X-RateLimit-Remaining header shows what is left this hour.`
              : 'Your plan has no rate limits.'}{' '}
            {account.usage ? `${account.usage.today.toLocaleString()} executions today (UTC).` : ''}
          </p>
        </>
      )}
    </section>
  );
}
