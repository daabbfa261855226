import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type Env } from './config-error';

/** Shortest SECRET_KEY (or data/secret.key) accepted. */
const MIN_SECRET_KEY_LENGTH = 32;

/**
 * SECRET_KEY, or the key in `<data folder>/secret.key`, generated there once (mode 0600, the
 * folder 0700 when created) and reused afterwards. A set but empty SECRET_KEY, or a key file
 * that is empty or shorter than 32 characters, is refused rather than replaced.
 */
export function secretKey(env: Env, dataDir: string): string {
  const raw = env.SECRET_KEY;
  if (raw !== undefined) {
    if (raw === '') {
      throw new ConfigError(
        'SECRET_KEY',
        `is set but empty: set it to ${MIN_SECRET_KEY_LENGTH}+ characters, or unset it to use ${join(dataDir, 'secret.key')}`,
      );
    }
    if (raw.length < MIN_SECRET_KEY_LENGTH) {
      throw new ConfigError('SECRET_KEY', `must be at least ${MIN_SECRET_KEY_LENGTH} characters`);
    }
    return raw;
  }
  const file = join(dataDir, 'secret.key');
  const existing = readKeyFile(file);
  if (existing !== null) return existing;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Written whole under another name, then linked into place: a process starting at the
  // same moment sees either no file or the complete key, and the first link wins.
  const generated = randomBytes(32).toString('base64url');
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, generated, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  return readKeyFile(file)!;
}

/** The key in `file` (trimmed), null when there is no such file; refused when too short. */
function readKeyFile(file: string): string | null {
  let content: string;
  try {
    content = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new ConfigError(
      'SECRET_KEY',
      `is unset and ${file} cannot be read: ${(error as Error).message}`,
    );
  }
  if (content.length < MIN_SECRET_KEY_LENGTH) {
    throw new ConfigError(
      'SECRET_KEY',
      `is unset and the key file ${file} is ${content.length === 0 ? 'empty' : `only ${content.length} characters long`}: a key has at least ${MIN_SECRET_KEY_LENGTH} characters. Restore the file that encrypted this database's secrets (or set SECRET_KEY); delete the file only if the database holds no secrets yet`,
    );
  }
  return content;
}

export function secretKeyPrevious(env: Env): string | null {
  const raw = env.SECRET_KEY_PREVIOUS;
  if (raw === undefined || raw === '') return null;
  if (raw.length < MIN_SECRET_KEY_LENGTH) {
    throw new ConfigError(
      'SECRET_KEY_PREVIOUS',
      `must be at least ${MIN_SECRET_KEY_LENGTH} characters`,
    );
  }
  return raw;
}
