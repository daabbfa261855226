import { IntegerQuery } from '../../common/query-params';

export const PER_PAGE_DEFAULT = 20;
export const PER_PAGE_MAX = 100;

/** `GET /v2/agents?page=&per_page=` (docs/api.md, Agents API). */
export class ListAgentsQuery {
  @IntegerQuery({
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    default: 1,
  })
  page: number = 1;

  @IntegerQuery({
    minimum: 1,
    maximum: PER_PAGE_MAX,
    default: PER_PAGE_DEFAULT,
    message: `per_page must be an integer between 1 and ${PER_PAGE_MAX}`,
  })
  per_page: number = PER_PAGE_DEFAULT;
}
