import { IntegerQuery } from '../../common/query-params';

export const STATS_DAYS_DEFAULT = 14;
export const STATS_DAYS_MAX = 90;

/** `GET /v2/stats` and `GET /v2/agents/:id/stats`. */
export class StatsQuery {
  @IntegerQuery({
    minimum: 1,
    maximum: STATS_DAYS_MAX,
    default: STATS_DAYS_DEFAULT,
    description: 'How many UTC days, today included',
  })
  days?: number;
}
