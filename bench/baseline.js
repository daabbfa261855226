#!/usr/bin/env node
// The baseline of `npm run bench`: a bare NestJS (express) app with one GET route, measured
// in the same run as the service so that ratios compare like with like on a noisy machine.
require('reflect-metadata');
const { Controller, Get, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');

class PingController {
  ping() {
    return { ok: true };
  }
}
Controller()(PingController);
Get('ping')(PingController.prototype, 'ping', Object.getOwnPropertyDescriptor(PingController.prototype, 'ping'));

class BaselineModule {}
Module({ controllers: [PingController] })(BaselineModule);

async function main() {
  const app = await NestFactory.create(BaselineModule, { logger: false });
  await app.listen(Number(process.env.PORT || 3999), '127.0.0.1');
  process.stdout.write('ready\n');
}
main();
