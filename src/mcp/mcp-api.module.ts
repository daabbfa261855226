import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Agent } from '../agents/agent.entity';
import { AgentsModule } from '../agents/agents.module';
import { ExecutionsApiModule } from '../executions/executions-api.module';
import { McpController } from './mcp.controller';
import { McpToolsService } from './mcp-tools.service';

/** `POST /v2/mcp`, the MCP server; the api role only (AppModule). */
@Module({
  imports: [TypeOrmModule.forFeature([Agent]), AgentsModule, ExecutionsApiModule],
  controllers: [McpController],
  providers: [McpToolsService],
})
export class McpApiModule {}
