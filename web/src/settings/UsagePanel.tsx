import { api, type Usage } from '../api';
import { Empty, ErrorNote, Loading, Meter, useLoad } from '../ui';

type UsageItem = Usage['data'][number];

interface ModelTotal {
  model: string;
  prompt: number;
  completion: number;
  calls: number;
  errors: number;
}

/** This month's items summed per model, the largest first. */
function byModel(items: UsageItem[]): ModelTotal[] {
  const totals = new Map<string, ModelTotal>();
  for (const item of items) {
    const total = totals.get(item.model) ?? {
      model: item.model,
      prompt: 0,
      completion: 0,
      calls: 0,
      errors: 0,
    };
    total.prompt += item.prompt_tokens;
    total.completion += item.completion_tokens;
    total.calls += item.calls;
    total.errors += item.errors;
    totals.set(item.model, total);
  }
  return [...totals.values()].sort(
    (a, b) => b.prompt + b.completion - (a.prompt + a.completion) || a.model.localeCompare(b.model),
  );
}

/** `2026-11` as "November 2026". */
function monthName(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return date.toLocaleDateString(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * Model tokens of `llm` steps this month (`GET /v2/usage`, default range: this month) against
 * the plan's monthly allowance, and per model. Every user of the account sees it.
 */
export function UsagePanel() {
  const usage = useLoad(() => api<Usage>('GET', '/usage'), []);
  const data = usage.data;
  const allowance = data?.allowance;
  const models = data ? byModel(data.data) : [];
  return (
    <section class="panel" aria-labelledby="usage-title">
      <h2 id="usage-title">Model usage</h2>
      <ErrorNote error={usage.error} />
      {!data || !allowance ? (
        !usage.error && <Loading />
      ) : (
        <>
          <Meter
            label={`Tokens in ${monthName(allowance.month)} (UTC)`}
            used={allowance.used}
            limit={allowance.monthly_tokens ?? undefined}
            noLimit="unlimited"
          />
          <p class="muted small">
            {allowance.monthly_tokens === null
              ? 'Your plan has no monthly token allowance: llm steps are not limited.'
              : `${(allowance.remaining ?? 0).toLocaleString()} tokens left; the allowance renews on ${allowance.renews_on}. Once it is used up, llm steps fail with budget_exceeded.`}
          </p>
          {models.length === 0 ? (
            <Empty title="No model calls this month">
              Tokens of llm steps (runs and test runs) appear here within a few seconds.
            </Empty>
          ) : (
            <div class="table-wrap">
              <table class="stack-narrow">
                <caption class="visually-hidden">Tokens this month by model</caption>
                <thead>
                  <tr>
                    <th scope="col">Model</th>
                    <th scope="col" class="num">
                      Prompt
                    </th>
                    <th scope="col" class="num">
                      Completion
                    </th>
                    <th scope="col" class="num">
                      Total
                    </th>
                    <th scope="col" class="num">
                      Calls
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {models.map((row) => (
                    <tr key={row.model}>
                      <td>
                        <code class="break">{row.model}</code>
                      </td>
                      <td class="num" data-label="Prompt">
                        {row.prompt.toLocaleString()}
                      </td>
                      <td class="num" data-label="Completion">
                        {row.completion.toLocaleString()}
                      </td>
                      <td class="num" data-label="Total">
                        {(row.prompt + row.completion).toLocaleString()}
                      </td>
                      <td class="num" data-label="Calls">
                        {row.calls.toLocaleString()}
                        {row.errors > 0 && (
                          <span class="muted"> ({row.errors.toLocaleString()} failed)</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
