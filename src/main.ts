import { serviceUp } from './heap-sizing';
import 'reflect-metadata';
import { ConfigError, loadConfig, redactConfigSecrets } from './config/configuration';
import { startService } from './bootstrap';
import { startupLine } from './common/startup-line';
import { startTracing, stopTracing } from './tracing/tracing';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${redactConfigSecrets(error.message)}\n`);
      process.exit(78);
    }
    throw error;
  }
  // Before anything else: the listeners' middleware asks whether tracing is on.
  startTracing();
  const service = await startService(config, { listen: true });
  serviceUp();
  const parts = [...config.roles].join(', ');
  process.stdout.write(
    JSON.stringify({
      level: 30,
      time: Date.now(),
      msg: `agent automation service started (${parts})`,
      api: service.api ? config.port : undefined,
      webhook: service.webhook ? config.webhookPort : undefined,
      database: config.databaseUrl ? 'mysql' : config.databasePath,
    }) + '\n',
  );
  // For the person at the terminal; stdout stays JSON lines only.
  process.stderr.write(
    startupLine(config, {
      api: Boolean(service.api),
      webhook: Boolean(service.webhook),
      worker: Boolean(service.worker),
    }) + '\n',
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(
      JSON.stringify({
        level: 30,
        time: Date.now(),
        msg: `${signal}: draining (grace ${config.shutdownGraceMs} ms)`,
      }) + '\n',
    );
    // Close bounds itself by SHUTDOWN_GRACE_MS; this is the backstop if something hangs.
    setTimeout(() => {
      process.stderr.write('Shutdown did not complete in time; exiting\n');
      process.exit(1);
    }, config.shutdownGraceMs + 10_000).unref();
    service
      .close()
      // The spans still buffered are exported before the process ends.
      .then(() => stopTracing().catch(() => undefined))
      .then(
        () => {
          process.stdout.write(
            JSON.stringify({ level: 30, time: Date.now(), msg: 'stopped' }) + '\n',
          );
          process.exit(0);
        },
        (error: unknown) => {
          process.stderr.write(
            `Shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`,
          );
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Failed to start: ${redactConfigSecrets(message)}\n`);
  process.exit(error instanceof ConfigError ? 78 : 1);
});
