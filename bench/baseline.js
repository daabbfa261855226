#!/usr/bin/env node
// The baseline of `npm run bench`: a bare NestJS (express) app, measured in the same run as the
// service so that ratios compare like with like on a noisy machine. `GET /ping` is the
// baseline of every ratio; the other two routes are the framework's floor under two rows of
// the service, doing only what the framework does for them:
// - `POST /webhook/:id`: the ingest row's request (the same 175-byte JSON body, parsed by
//   Nest's body parser) answered 202 with an acknowledgement of the service's shape, without
//   a lookup, a check or a write;
// - `GET /page`: the agent list's response (a page of 100 items of the list's shape, about
//   24 KB, serialised on every request) without reading anything.
require('reflect-metadata');
const { Controller, Get, HttpCode, Module, Post } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');

const PAGE = {
  data: Array.from({ length: 100 }, (_, i) => ({
    id: `agt_01jd8z2c4v6b8n0m2k4j6h${String(i).padStart(4, '0')}`,
    name: `Agent ${i + 1}`,
    status: 'active',
    webhook_url: `http://127.0.0.1:3992/webhook/3q2-7gD0m4J1xYkQ9sVbW5nR8tLc6f${String(i).padStart(2, '0')}`,
    executions_today: 0,
    success_rate: 0,
    created_at: '2026-11-22T10:00:00.000Z',
  })),
  meta: { total: 100, page: 1, per_page: 100 },
};

class BaselineController {
  ping() {
    return { ok: true };
  }

  webhook() {
    return {
      success: true,
      executionId: 'exe_01jd8z2c4v6b8n0m2k4j6h8g0f',
      message: 'Webhook received; execution queued',
    };
  }

  page() {
    return PAGE;
  }
}
const method = (name) => [BaselineController.prototype, name, Object.getOwnPropertyDescriptor(BaselineController.prototype, name)];
Controller()(BaselineController);
Get('ping')(...method('ping'));
Post('webhook/:id')(...method('webhook'));
HttpCode(202)(...method('webhook'));
Get('page')(...method('page'));

class BaselineModule {}
Module({ controllers: [BaselineController] })(BaselineModule);

async function main() {
  const app = await NestFactory.create(BaselineModule, { logger: false });
  await app.listen(Number(process.env.PORT || 3999), '127.0.0.1');
  process.stdout.write('ready\n');
}
main();
