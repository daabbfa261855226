import { Module } from '@nestjs/common';
import { AgentsController } from './agents.controller';
import { AgentsModule } from './agents.module';

/** The `/v2/agents` routes; imported by the REST application (AppModule) only. */
@Module({
  imports: [AgentsModule],
  controllers: [AgentsController],
})
export class AgentsApiModule {}
