import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli } from './support/cli';
import { createTestDatabase, testDriver, type TestDatabase } from './support/database';

/**
 * The `mariadb` project runs as a managed MySQL's application user would (.ci/mariadb-binlog.sh):
 * binary logging on, no SUPER and no other global privilege, log_bin_trust_function_creators
 * off. This suite fails when TEST_DATABASE_URL is a more privileged user or a server without
 * binary logging, so that the rest of the project cannot pass there silently; and it shows
 * that `npm run migrate` works for that user on a fresh database.
 */
describe.skipIf(testDriver() !== 'mariadb')('managed MySQL: least privilege, binary log', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  async function query<T>(sql: string): Promise<T[]> {
    const conn = await createConnection({ uri: db.env.DATABASE_URL });
    try {
      return (await conn.query(sql))[0] as T[];
    } finally {
      await conn.end();
    }
  }

  it('the test user has no global privilege on a server with binary logging', async () => {
    const hint = 'run the mariadb project against .ci/mariadb-binlog.sh (see .ci/run)';
    const [server] = await query<{ log_bin: number; trust: number }>(
      'SELECT @@log_bin AS log_bin, @@log_bin_trust_function_creators AS trust',
    );
    expect(Number(server.log_bin), `binary logging must be on: ${hint}`).toBe(1);
    expect(Number(server.trust), `log_bin_trust_function_creators must be off: ${hint}`).toBe(0);
    const global = await query<{ privilege: string }>(
      'SELECT PRIVILEGE_TYPE AS privilege FROM information_schema.USER_PRIVILEGES',
    );
    expect(
      global.map((row) => row.privilege),
      `the user must have no global privilege: ${hint}`,
    ).toEqual(['USAGE']);
    const grants = (await query<Record<string, string>>('SHOW GRANTS')).flatMap(Object.values);
    expect(grants.join('\n')).not.toMatch(/SUPER/);
    for (const grant of grants.filter((text) => !text.startsWith('GRANT USAGE ON *.*'))) {
      expect(grant, 'database-level grants only').toMatch(/^GRANT .* ON `[^`]+`\.\* TO /);
    }
  });

  it('the server refuses this user a trigger, as a managed MySQL does', async () => {
    await query('CREATE TABLE probe (id INT PRIMARY KEY)');
    await expect(
      query('CREATE TRIGGER probe_trg AFTER INSERT ON probe FOR EACH ROW SET @x = 1'),
    ).rejects.toThrow(/SUPER privilege and binary logging/);
    await query('DROP TABLE probe');
  });

  it('`npm run migrate` works for this user and leaves no trigger or routine', async () => {
    const result = await runCli(['migrate'], db.env);
    expect(result.code, result.stderr).toBe(0);
    const [{ applied }] = await query<{ applied: number }>(
      'SELECT COUNT(*) AS applied FROM migrations',
    );
    expect(Number(applied)).toBeGreaterThan(0);
    const objects = await query<{ name: string }>(
      `SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE()
       UNION ALL SELECT ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE()
       UNION ALL SELECT EVENT_NAME FROM information_schema.EVENTS WHERE EVENT_SCHEMA = DATABASE()`,
    );
    expect(objects).toEqual([]);
    // Run again: nothing pending, still fine.
    const again = await runCli(['migrate'], db.env);
    expect(again.code, again.stderr).toBe(0);
  });

  it('the narrow grant of docs/operations.md is enough to migrate and write', async () => {
    // The grant the operator's guide lists, on a database of its own, for a user of its own.
    const adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
    expect(adminUrl, 'TEST_DATABASE_ADMIN_URL (see .ci/mariadb-binlog.sh)').toBeTruthy();
    const suffix = randomBytes(5).toString('hex');
    const name = `t_narrow_${suffix}`;
    const user = `n_${suffix}`;
    const admin = await createConnection({ uri: adminUrl! });
    const hosts = ['127.0.0.1', 'localhost'];
    try {
      await admin.query(
        `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
      );
      for (const host of hosts) {
        await admin.query(`CREATE USER '${user}'@'${host}' IDENTIFIED BY 'narrow'`);
        await admin.query(
          `GRANT SELECT, INSERT, UPDATE, DELETE, CREATE, ALTER, INDEX, DROP, REFERENCES, TRIGGER ` +
            `ON \`${name}\`.* TO '${user}'@'${host}'`,
        );
      }
      const url = new URL(db.env.DATABASE_URL);
      url.username = user;
      url.password = 'narrow';
      url.pathname = `/${name}`;
      const env = {
        ...db.env,
        DATABASE_URL: url.toString(),
        SECRET_KEY: 'narrow-grant-secret-key-0123456789abcdef',
      };
      const migrated = await runCli(['migrate'], env);
      expect(migrated.code, migrated.stderr).toBe(0);
      // Writes of every kind the CLI makes: an account, a key, an agent, its webhook id.
      const seeded = await runCli(['seed:demo'], env);
      expect(seeded.code, seeded.stderr).toBe(0);
      expect(JSON.parse(seeded.stdout)).toMatchObject({ agent_id: expect.stringMatching(/^agt_/) });
      const again = await runCli(['migrate'], env);
      expect(again.code, again.stderr).toBe(0);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      for (const host of hosts) await admin.query(`DROP USER IF EXISTS '${user}'@'${host}'`);
      await admin.end();
    }
  });
});
