import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';

/**
 * `GET /metrics`. The MetricsService itself is provided globally by CoreModule (one registry
 * per process), so any module records metrics by injecting it.
 */
@Module({ controllers: [MetricsController] })
export class MetricsModule {}
