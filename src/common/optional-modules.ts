/**
 * Modules a process needs only with REDIS_URL, loaded on first use: without Redis, BullMQ and
 * ioredis would take about 15 MB of memory for nothing (measured: idle RSS 140 → 126 MB).
 * Import their types with `import type`, and their values through these. `@nestjs/bullmq`
 * imports BullMQ at its top, so it is one of them.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
export const bullmq = (): typeof import('bullmq') => require('bullmq') as typeof import('bullmq');
export const ioredis = (): typeof import('ioredis') =>
  require('ioredis') as typeof import('ioredis');
export const nestBullmq = (): typeof import('@nestjs/bullmq') =>
  require('@nestjs/bullmq') as typeof import('@nestjs/bullmq');
