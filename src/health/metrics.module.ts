import { Module } from '@nestjs/common';
import { ThrottlingModule } from '../throttling/throttling.module';
import { MetricsAuthGuard } from './metrics-auth.guard';
import { MetricsController } from './metrics.controller';

/**
 * `GET /metrics`. The MetricsService itself is provided globally by CoreModule (one registry
 * per process), so any module records metrics by injecting it. With METRICS_TOKEN the
 * route needs that bearer token (MetricsAuthGuard).
 */
@Module({
  imports: [ThrottlingModule],
  controllers: [MetricsController],
  providers: [MetricsAuthGuard],
})
export class MetricsModule {}
