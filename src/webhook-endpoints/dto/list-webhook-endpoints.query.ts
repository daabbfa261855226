import { CursorQuery, IntegerQuery } from '../../common/query-params';

export const LIMIT_DEFAULT = 20;
export const LIMIT_MAX = 100;

/** An endpoint id (`whe_` and 26 characters): the last item of the previous page. */
const ENDPOINT_CURSOR = /^[a-z]{3}_[0-9a-z]{26}$/;

/** `?limit=&cursor=` of the endpoint lists (newest first). */
export class CursorPageQuery {
  @IntegerQuery({ minimum: 1, maximum: LIMIT_MAX, default: LIMIT_DEFAULT })
  limit?: number;

  @CursorQuery({
    description: '`meta.next_cursor` of the previous page, unchanged',
    minLength: 30,
    maxLength: 30,
    pattern: ENDPOINT_CURSOR,
  })
  cursor?: string;
}
