import { useEffect, useState } from 'preact/hooks';
import { api, type AgentListItem, type DailyStats, type DayStats } from '../api';
import { formatPercent } from '../ui';

/** The window of an agent's `success_rate`: today and the 29 UTC days before. */
export const SUCCESS_WINDOW_DAYS = 30;

/** How many of an agent's executions finished (completed or failed) in `days`. */
export function finishedRuns(days: readonly DayStats[]): number {
  return days.reduce((sum, day) => sum + day.completed + day.failed, 0);
}

/**
 * An agent's success rate as shown: "—" where no run finished in the window (the API says 0
 * then, as it does when every run failed; `finished` tells them apart).
 */
export function successRateText(rate: number, finished: number | undefined): string {
  if (rate > 0) return formatPercent(rate);
  return finished ? formatPercent(rate) : '—';
}

/** The hint of a rate shown as "—", once it is known that no run finished in the window. */
export function successRateHint(rate: number, finished: number | undefined): string | undefined {
  return rate === 0 && finished === 0 ? 'No run finished in the last 30 days' : undefined;
}

/**
 * The finished runs of the listed agents whose `success_rate` is 0, read from each one's
 * daily counters over the same 30 days (a few requests at a time): by agent id, once known.
 * An agent with a rate above 0 has finished runs and is not asked about.
 */
export function useFinishedRuns(agents: readonly AgentListItem[] | undefined) {
  const [finished, setFinished] = useState<ReadonlyMap<string, number>>(new Map());
  const zero = (agents ?? []).filter((a) => a.success_rate === 0).map((a) => a.id);
  const key = zero.join(',');
  useEffect(() => {
    let stopped = false;
    const queue = key ? key.split(',') : [];
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined && !stopped; id = queue.shift()) {
        try {
          const stats = await api<DailyStats>(
            'GET',
            `/agents/${encodeURIComponent(id)}/stats?days=${SUCCESS_WINDOW_DAYS}`,
          );
          const count = finishedRuns(stats.data);
          if (!stopped) setFinished((known) => new Map(known).set(id, count));
        } catch {
          // Unknown: the rate shows as "—" until the list loads again.
        }
      }
    };
    void Promise.all([worker(), worker(), worker(), worker()]);
    return () => {
      stopped = true;
    };
  }, [key]);
  return finished;
}
