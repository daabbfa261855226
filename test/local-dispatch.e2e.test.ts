import { describe, expect, it, vi } from 'vitest';
import { Execution, FINAL_STATUSES } from '../src/executions/execution.entity';
import { ExecutionLifecycleService } from '../src/executions/execution-lifecycle.service';
import { LeadQualificationKind } from '../src/kinds/lead-qualification.kind';
import { closeAfterEach } from './support/cleanups';
import { createAgent, webhookPath } from './support/agents';
import { startLocalServer } from './support/http-server';
import { startSlowTarget } from './support/slow-target';
import { bearer, startTestService, TestService } from './support/service';
import { waitFor } from './support/wait';

/**
 * Direct hand-off (LocalDispatch): webhooks and synchronous triggers accepted while the
 * worker of the same process is idle are committed already claimed by it and start at once.
 * It must never run more than WORKER_CONCURRENCY at a time, and what it cannot take stays
 * queued and is picked up as soon as slots free up (the poll here is a minute away, so only
 * the worker's own signals can start those runs).
 */
describe('local dispatch', () => {
  const closeLater = closeAfterEach();

  async function service(env: Record<string, string>): Promise<TestService> {
    const t = await startTestService({ ROLE: 'all', WORKER_POLL_MS: '60000', ...env });
    return closeLater(t);
  }

  it('never runs more than WORKER_CONCURRENCY at once; the rest is queued and run without the poll', async () => {
    const target = closeLater(await startSlowTarget(150));
    const t = await service({ WORKER_CONCURRENCY: '2' });
    const { key } = await t.seedAccount();
    const agentId = await createAgent(t, key, {
      kind: 'http-request',
      config: { url: `${target.url}/work` },
    });
    const agent = await t.api().get(`/v2/agents/${agentId}`).set(bearer(key)).expect(200);
    const path = webhookPath(agent.body.webhook_url);

    const syncs = Array.from({ length: 3 }, (_, i) =>
      t
        .api()
        .post(`/v2/agents/${agentId}/trigger`)
        .set(bearer(key))
        .send({ input: { sync: i } })
        .then((res) => res),
    );
    const hooks = Array.from({ length: 5 }, (_, i) =>
      t
        .webhook()
        .post(path)
        .send({ hook: i })
        .then((res) => res),
    );
    const answers = await Promise.all([...syncs, ...hooks]);
    for (const res of answers.slice(0, 3)) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'completed', output: { status_code: 200 } });
    }
    const ids = answers.slice(3).map((res) => {
      expect(res.status).toBe(202);
      return res.body.executionId as string;
    });
    const rows = t.service.dataSource.getRepository(Execution);
    await waitFor(
      async () => Promise.all(ids.map((id) => rows.findOneByOrFail({ id }))),
      (all) => all.every((row) => FINAL_STATUSES.includes(row.status)),
      10_000,
    );
    expect(target.requests).toHaveLength(8);
    expect(target.maxInFlight()).toBeLessThanOrEqual(2);
    // Every run was claimed exactly once, whichever way it reached the worker.
    const all = await rows.findBy({ agentId });
    expect(all.map((row) => [row.status, row.attempts])).toEqual(
      Array.from({ length: 8 }, () => ['completed', 1]),
    );
  });

  it('commits a handed-off run as running under a lease before it starts', async () => {
    let release: (() => void) | undefined;
    const target = closeLater(
      await startLocalServer((_req, res) => {
        release = () => res.writeHead(200).end('done');
      }),
    );
    const t = await service({ WORKER_CONCURRENCY: '4' });
    const { key } = await t.seedAccount();
    const agentId = await createAgent(t, key, {
      kind: 'http-request',
      config: { url: `${target.url}/hold` },
    });
    const pending = t
      .api()
      .post(`/v2/agents/${agentId}/trigger`)
      .set(bearer(key))
      .send({ input: { lead: 1 } })
      .then((res) => res);
    await waitFor(
      async () => target.requests.length,
      (n) => n === 1,
    );
    const rows = t.service.dataSource.getRepository(Execution);
    const [running] = await rows.findBy({ agentId });
    expect(running).toMatchObject({ status: 'running', attempts: 1 });
    expect(running.startedAt).toBeInstanceOf(Date);
    expect(running.leasedUntil!.getTime()).toBeGreaterThan(Date.now());
    const seen = await t.api().get(`/v2/executions/${running.id}`).set(bearer(key)).expect(200);
    expect(seen.body.status).toBe('running');

    release!();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ execution_id: running.id, status: 'completed' });
  });

  it('leaves asynchronous triggers to the queue: they answer queued', async () => {
    const t = await service({});
    const { key } = await t.seedAccount();
    const agentId = await createAgent(t, key);
    const res = await t
      .api()
      .post(`/v2/agents/${agentId}/trigger`)
      .set(bearer(key))
      .send({ input: { email: 'a@b.co' }, options: { async: true } })
      .expect(202);
    expect(res.body.status).toBe('queued');
    const rows = t.service.dataSource.getRepository(Execution);
    const done = await waitFor(
      () => rows.findOneByOrFail({ id: res.body.execution_id }),
      (row) => FINAL_STATUSES.includes(row.status),
    );
    expect(done).toMatchObject({ status: 'completed', attempts: 1 });
  });

  describe('synchronous triggers of pure agents', () => {
    /** Holds the next runs of the lead-qualification kind until `release()`. */
    function holdLeadRuns(t: TestService) {
      const kind = t.service.worker!.get(LeadQualificationKind, { strict: false });
      const run = kind.run.bind(kind);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started = 0;
      const spy = vi.spyOn(kind, 'run').mockImplementation(async (...args) => {
        started++;
        await gate;
        return run(...args);
      });
      return { release, started: () => started, restore: () => spy.mockRestore() };
    }

    it('runs before anything is written, then stores the execution once, finished', async () => {
      const t = await service({});
      const finishes = vi.spyOn(t.service.worker!.get(ExecutionLifecycleService), 'finishMany');
      const held = holdLeadRuns(t);
      try {
        const { key } = await t.seedAccount();
        const agentId = await createAgent(t, key);
        const pending = t
          .api()
          .post(`/v2/agents/${agentId}/trigger`)
          .set(bearer(key))
          .send({ input: { email: 'ada@acme.io', company: 'Acme' } })
          .then((res) => res);
        await waitFor(
          async () => held.started(),
          (n) => n === 1,
        );
        const rows = t.service.dataSource.getRepository(Execution);
        // Running, and not stored: nothing was acknowledged yet.
        expect(await rows.findBy({ agentId })).toEqual([]);

        held.release();
        const res = await pending;
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          status: 'completed',
          output: { qualified: true, score: 50 },
        });
        const row = await rows.findOneByOrFail({ id: res.body.execution_id });
        expect(row).toMatchObject({ status: 'completed', attempts: 1, leasedUntil: null });
        expect(row.startedAt).toEqual(row.createdAt);
        expect(row.completedAt!.getTime() - row.startedAt!.getTime()).toBe(row.durationMs);
        expect(row.logs![0].message).toMatch(/^Run started/);
        expect(row.logs!.at(-1)!.message).toMatch(/^Completed in/);
        // No second write: the row was inserted finished.
        expect(finishes).not.toHaveBeenCalled();
        const agent = await t.api().get(`/v2/agents/${agentId}`).set(bearer(key)).expect(200);
        expect(agent.body).toMatchObject({ executions_today: 1, success_rate: 100 });
      } finally {
        held.restore();
      }
    });

    it('while the worker has no free slot, commits the execution queued first, as before', async () => {
      const t = await service({ WORKER_CONCURRENCY: '1' });
      const held = holdLeadRuns(t);
      try {
        const { key } = await t.seedAccount();
        const agentId = await createAgent(t, key);
        const trigger = () =>
          t
            .api()
            .post(`/v2/agents/${agentId}/trigger`)
            .set(bearer(key))
            .send({ input: { email: 'ada@acme.io' } })
            .then((res) => res);
        const first = trigger();
        await waitFor(
          async () => held.started(),
          (n) => n === 1,
        );
        const second = trigger();
        const rows = t.service.dataSource.getRepository(Execution);
        const [queued] = await waitFor(
          () => rows.findBy({ agentId }),
          (found) => found.length === 1,
        );
        expect(queued.status).toBe('queued');

        held.release();
        const answers = await Promise.all([first, second]);
        expect(answers.map((res) => [res.status, res.body.status])).toEqual([
          [200, 'completed'],
          [200, 'completed'],
        ]);
        const all = await rows.findBy({ agentId });
        expect(all.map((row) => [row.status, row.attempts])).toEqual([
          ['completed', 1],
          ['completed', 1],
        ]);
      } finally {
        held.restore();
      }
    });
  });
});
