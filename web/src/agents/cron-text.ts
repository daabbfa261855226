import { Cron } from 'croner';
import cronstrue from 'cronstrue';

/** The nicknames the service takes for `cron`, in words. */
const NICKNAMES: Record<string, string> = {
  '@hourly': 'Every hour, at minute 0',
  '@daily': 'Every day, at midnight',
  '@weekly': 'Every Sunday, at midnight',
  '@monthly': 'On the first day of every month, at midnight',
  '@yearly': 'Every year, on 1 January at midnight',
};

/**
 * What the field says about a cron expression while it is typed: the problem (the same parser
 * and rules as the service: 5 fields, 6 with seconds first, or a nickname), or the expression
 * in words.
 */
export function describeCron(
  expression: string,
  timezone: string,
): { error?: string; words?: string } {
  const cron = expression.trim();
  if (!cron) return { error: 'Enter a cron expression.' };
  if (cron.startsWith('@')) {
    return NICKNAMES[cron]
      ? { words: NICKNAMES[cron] }
      : { error: `Use one of ${Object.keys(NICKNAMES).join(', ')}, or 5 or 6 fields.` };
  }
  try {
    new Cron(cron, { paused: true, mode: '5-or-6-parts', timezone: timezone || 'UTC' });
  } catch (error) {
    return { error: String((error as Error).message).replace(/^CronPattern: /, '') };
  }
  try {
    return { words: cronstrue.toString(cron, { use24HourTimeFormat: true, verbose: true }) };
  } catch {
    return { words: cron };
  }
}

/** The zones a schedule may run in: the browser's list, UTC first. */
export function timeZones(): string[] {
  const zones = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.(
    'timeZone',
  ) ?? ['Europe/Berlin', 'America/New_York'];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}
