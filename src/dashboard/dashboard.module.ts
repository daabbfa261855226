import { Module } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import { AgentsModule } from '../agents/agents.module';
import { ExecutionsModule } from '../executions/executions.module';
import { DASHBOARD_DIR, DASHBOARD_ROOT, dashboardCacheHeaders } from './dashboard-static';
import { TestWebhookController } from './test-webhook.controller';

/**
 * The web dashboard on the API listener: the built single-page app (dist/web) under
 * /dashboard/ (any client-side route answers index.html; a missing file under assets/ falls
 * through to the 404 envelope), and the one route the dashboard adds to the API.
 */
@Module({
  imports: [
    ServeStaticModule.forRoot({
      rootPath: DASHBOARD_DIR,
      serveRoot: DASHBOARD_ROOT,
      exclude: /^\/dashboard\/assets\//,
      serveStaticOptions: {
        index: 'index.html',
        cacheControl: false,
        etag: true,
        dotfiles: 'ignore',
        setHeaders: dashboardCacheHeaders,
      },
    }),
    AgentsModule,
    ExecutionsModule,
  ],
  controllers: [TestWebhookController],
})
export class DashboardModule {}
