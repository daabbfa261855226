import { IntegerQuery } from '../../common/query-params';

export const FLOW_KEYS_LIMIT_DEFAULT = 20;
export const FLOW_KEYS_LIMIT_MAX = 100;

/** `GET /v2/agents/:id/flow/keys`. */
export class FlowKeysQuery {
  @IntegerQuery({
    minimum: 1,
    maximum: FLOW_KEYS_LIMIT_MAX,
    default: FLOW_KEYS_LIMIT_DEFAULT,
    description: 'How many keys at most, the most queued first',
  })
  limit?: number;
}
