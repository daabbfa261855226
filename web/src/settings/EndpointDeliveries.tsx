import { api, type EndpointDelivery, type EndpointDeliveryList } from '../api';
import { DataTable, Empty, LoadedList, Time, useAction, useLoad } from '../ui';

/** One endpoint's deliveries, newest first, each with its latest attempt; redeliver one. */
export function EndpointDeliveries(props: { endpointId: string }) {
  const path = `/webhook-endpoints/${props.endpointId}/deliveries`;
  const deliveries = useLoad(() => api<EndpointDeliveryList>('GET', `${path}?limit=20`), [path]);
  const { error, run } = useAction(deliveries.reload);
  const redeliver = (delivery: EndpointDelivery) =>
    run(() => api('POST', `${path}/${delivery.id}/redeliver`));

  return (
    <section class="subpanel" aria-label="Deliveries">
      <div class="panel-head">
        <h3>Deliveries</h3>
        <button type="button" class="btn btn-small" onClick={() => deliveries.reload()}>
          Refresh
        </button>
      </div>
      <LoadedList
        loaded={deliveries}
        error={error}
        items={(page) => page.data}
        empty={<Empty title="No deliveries yet">Events sent to this endpoint appear here.</Empty>}
      >
        {(list) => (
          <DataTable
            stacked
            actions
            columns={[
              'Event',
              'Status',
              'Last attempt',
              { label: 'Created', class: 'hide-narrow' },
            ]}
          >
            {list.map((delivery) => {
              const last = delivery.attempts[0];
              return (
                <tr key={delivery.id}>
                  <td>
                    <code class="nowrap">{delivery.event}</code>
                    <div class="muted mono">{delivery.event_id}</div>
                  </td>
                  <td data-label="Status">
                    <span class={`badge badge-${delivery.status}`}>{delivery.status}</span>
                  </td>
                  <td data-label="Last attempt">
                    {last ? (
                      <>
                        <span class="nowrap">
                          #{last.attempt} · {last.status_code ?? last.error ?? '—'}
                          {last.duration_ms !== null && ` · ${last.duration_ms} ms`}
                        </span>
                        {/* What the receiver answered, under the attempt (not on a phone). */}
                        {last.response_excerpt && (
                          <div class="muted small mono break hide-narrow">
                            {last.response_excerpt.slice(0, 80)}
                          </div>
                        )}
                      </>
                    ) : (
                      <span class="muted">Not yet</span>
                    )}
                  </td>
                  <td class="hide-narrow">
                    <Time iso={delivery.created_at} />
                  </td>
                  <td class="row-actions">
                    <button
                      type="button"
                      class="btn btn-small"
                      aria-label={`Redeliver ${delivery.event} ${delivery.id}`}
                      onClick={() => redeliver(delivery)}
                    >
                      Redeliver
                    </button>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </LoadedList>
    </section>
  );
}
