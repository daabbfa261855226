import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors.decorator';
import { MetricsAuthGuard } from './metrics-auth.guard';
import { MetricsService } from '../metrics/metrics.service';

/**
 * `GET /metrics` (outside /v2): Prometheus text of the whole process. No API key; with
 * METRICS_TOKEN set, that bearer token (MetricsAuthGuard).
 */
@Controller('metrics')
@Public()
@ApiTags('Operations')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @UseGuards(MetricsAuthGuard)
  @ApiErrors('unauthorized', 'rate_limited')
  @ApiOperation({
    operationId: 'getMetrics',
    summary: 'Prometheus metrics of the process',
    description:
      'No API key. When the deployment sets `METRICS_TOKEN`, send `Authorization: Bearer <METRICS_TOKEN>` (401 `unauthorized` otherwise). Prometheus text format: HTTP requests and latencies by route template and status, executions by agent kind and status, run durations, queue depth, callback delivery attempts, rate-limit rejections and the Node.js process metrics (all prefixed `aas_`).',
  })
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description: 'Prometheus text exposition format 0.0.4',
    content: {
      'text/plain': {
        schema: { type: 'string' },
        example:
          '# HELP aas_queue_depth Executions queued and not yet started\n# TYPE aas_queue_depth gauge\naas_queue_depth 0\n',
      },
    },
  })
  async scrape(@Res() res: Response): Promise<void> {
    const body = await this.metrics.render();
    res.status(200).setHeader('Content-Type', this.metrics.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.send(body);
  }
}
