import { ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createConnection } from 'mysql2/promise';
import { freePort } from './process';

const MARIADBD = '/usr/sbin/mariadbd';
const INSTALL_DB = ['/usr/bin/mariadb-install-db', '/usr/bin/mysql_install_db'].find((file) =>
  existsSync(file),
);

/** Whether this machine can start a private MariaDB server (CI always can). */
export const privateMariadbAvailable = existsSync(MARIADBD) && INSTALL_DB !== undefined;

/**
 * A MariaDB server of one test's own, in a temporary data folder, on a free port and its own
 * socket, so that a test can stop it (SIGSTOP), resume it or kill it without touching the
 * server other suites share. Grant tables are skipped: root connects over TCP without a
 * password. One database, `app`, is created.
 */
export class PrivateMariadb {
  private constructor(
    private readonly child: ChildProcess,
    private readonly dir: string,
    readonly port: number,
  ) {}

  /** `mysql://root@127.0.0.1:<port>/app` */
  get url(): string {
    return `mysql://root@127.0.0.1:${this.port}/app`;
  }

  static async start(): Promise<PrivateMariadb> {
    const dir = mkdtempSync(join(tmpdir(), 'aas-mariadb-'));
    const data = join(dir, 'data');
    await promisify(execFile)(INSTALL_DB!, [
      '--no-defaults',
      `--datadir=${data}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      '--skip-name-resolve',
    ]);
    const port = await freePort();
    const child = spawn(
      MARIADBD,
      [
        '--no-defaults',
        `--datadir=${data}`,
        `--socket=${join(dir, 'mysqld.sock')}`,
        `--pid-file=${join(dir, 'mysqld.pid')}`,
        `--log-error=${join(dir, 'error.log')}`,
        `--port=${port}`,
        '--bind-address=127.0.0.1',
        '--skip-grant-tables',
        '--skip-name-resolve',
        '--innodb-buffer-pool-size=32M',
        ...(process.getuid?.() === 0 ? ['--user=root'] : []),
      ],
      { stdio: 'ignore' },
    );
    const server = new PrivateMariadb(child, dir, port);
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        const conn = await createConnection({ host: '127.0.0.1', port, user: 'root' });
        await conn.query('CREATE DATABASE IF NOT EXISTS app CHARACTER SET utf8mb4');
        await conn.end();
        return server;
      } catch (error) {
        if (child.exitCode !== null || Date.now() > deadline) {
          const log = existsSync(join(dir, 'error.log'))
            ? readFileSync(join(dir, 'error.log'), 'utf8')
            : '';
          await server.stop();
          throw new Error(`the private MariaDB did not start: ${String(error)}\n${log}`, {
            cause: error,
          });
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  /** The server stops answering (its connections stay open): a stalled database. */
  pause(): void {
    this.child.kill('SIGSTOP');
  }

  resume(): void {
    this.child.kill('SIGCONT');
  }

  /** Kills the server and removes its data folder. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGCONT');
      this.child.kill('SIGKILL');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
