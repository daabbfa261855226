import { bearer, type TestService } from './service';

/** A webhook endpoint made over the API, with the delivery of its test ping. */
export interface PingedEndpoint {
  id: string;
  /** Its signing secret, shown once on create. */
  secret: string;
  /** The delivery id of the `ping` sent by `POST /v2/webhook-endpoints/{id}/test`. */
  pingId: string;
}

/** Creates an endpoint for every event of the key's account, and sends it a test ping. */
export async function endpointWithPing(
  t: TestService,
  key: string,
  url: string,
  description?: string,
): Promise<PingedEndpoint> {
  const endpoint = await t
    .api()
    .post('/v2/webhook-endpoints')
    .set(bearer(key))
    .send({ url, events: ['*'], ...(description === undefined ? {} : { description }) })
    .expect(201);
  const ping = await t
    .api()
    .post(`/v2/webhook-endpoints/${endpoint.body.id}/test`)
    .set(bearer(key))
    .expect(202);
  return { id: endpoint.body.id, secret: endpoint.body.secret, pingId: ping.body.id };
}
