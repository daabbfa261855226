import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { QueueModule } from '../queue/queue.module';
import { HealthController } from './health.controller';

/** `GET /health` on a listener: database and run-queue checks (@nestjs/terminus). */
@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'json' }), QueueModule],
  controllers: [HealthController],
})
export class HealthModule {}
