import { useMemo, useState } from 'preact/hooks';
import { allAgents, api, type AgentListItem, type WaitTokenList } from '../api';
import {
  DataTable,
  Empty,
  ErrorNote,
  Link,
  Notice,
  LIVE_REFRESH_MS,
  Loading,
  PageHeader,
  Time,
  useInterval,
  useLoad,
} from '../ui';
import { outcomeText, span, TokenButtons, type TokenOutcome } from './TokenButtons';

/** The most tokens the page lists (the newest); the API pages on past them. */
const SHOWN = 100;

/**
 * The account's waiting tokens, newest first, refreshed every second: what each is about, its
 * agent and execution, how long it has waited and when it expires, and its buttons.
 */
export function WaitingPage() {
  const tokens = useLoad(
    () => api<WaitTokenList>('GET', `/wait-tokens?status=waiting&limit=${SHOWN}`),
    [],
  );
  const agents = useLoad<AgentListItem[]>(() => allAgents(), []);
  const names = useMemo(
    () => new Map((agents.data ?? []).map((a) => [a.id, a.name] as [string, string])),
    [agents.data],
  );
  useInterval(() => tokens.reload(), LIVE_REFRESH_MS, tokens.data !== undefined);
  const [outcome, setOutcome] = useState<TokenOutcome | undefined>(undefined);
  const settled = async (next: TokenOutcome) => {
    setOutcome(next);
    await tokens.reload();
  };
  const list = tokens.data?.data;
  const at = Date.now();
  return (
    <>
      <PageHeader
        title="Waiting"
        subtitle="Runs waiting for someone: approve, reject or complete them here. Updates live."
      />
      <ErrorNote error={tokens.error} />
      {outcome &&
        (outcome.error === undefined ? (
          <Notice>{outcomeText(outcome)}</Notice>
        ) : (
          <ErrorNote error={new Error(outcomeText(outcome))} />
        ))}
      <section class="panel" aria-labelledby="tokens-title">
        <h2 id="tokens-title">Waiting tokens</h2>
        {!list ? (
          !tokens.error && <Loading />
        ) : list.length === 0 ? (
          <Empty title="Nothing is waiting">
            A workflow’s <code>create_token</code> step makes a token; its <code>wait</code> step
            pauses the run until someone completes it, here or through the token’s URL.
          </Empty>
        ) : (
          <>
            <DataTable
              stacked
              actions
              columns={['Token', 'Agent', 'Execution', 'Waiting for', 'Expires']}
            >
              {list.map((token) => (
                <tr key={token.id} data-token-id={token.id}>
                  <td>
                    <span class="token-title">{token.title ?? <code>{token.step_id}</code>}</span>
                    {token.description && <p class="muted small">{token.description}</p>}
                  </td>
                  <td data-label="Agent">
                    <Link href={`/agents/${token.agent_id}`}>
                      {names.get(token.agent_id) ?? token.agent_id}
                    </Link>
                  </td>
                  <td data-label="Execution" class="mono">
                    <Link href={`/executions/${token.execution_id}`}>{token.execution_id}</Link>
                  </td>
                  <td data-label="Waiting for" class="nowrap">
                    <time dateTime={token.created_at} title={token.created_at}>
                      {span(token.created_at, at)}
                    </time>
                  </td>
                  <td data-label="Expires" class="nowrap">
                    <Time iso={token.expires_at} />
                  </td>
                  <td class="row-actions">
                    <TokenButtons token={token} onOutcome={settled} />
                  </td>
                </tr>
              ))}
            </DataTable>
            {tokens.data?.meta.has_more && (
              <p class="muted small">
                The {SHOWN} newest are shown; the API lists them all (
                <code>GET /v2/wait-tokens?status=waiting</code>).
              </p>
            )}
          </>
        )}
      </section>
    </>
  );
}
