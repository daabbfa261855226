import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { safeEqual } from '../../src/common/crypto';

const SRC = join(__dirname, '..', '..', 'src');

/** Names that hold a secret or something derived from one. */
const SECRET_NAME =
  '[A-Za-z_.]*(?:[Ss]ecret|[Ss]ignature|[Hh]ash|[Tt]oken|[Kk]ey|[Dd]igest|[Hh]mac)[A-Za-z_]*';
const COMPARISON = new RegExp(
  `(${SECRET_NAME})\\s*([!=]==?)\\s*([^\\s;)&|]+)|([^\\s(!&|]+)\\s*([!=]==?)\\s*(${SECRET_NAME})`,
  'g',
);
/** The other side of a comparison that reveals nothing through timing. */
const HARMLESS = /^(null|undefined|true|false|\d+|'[^']*'|"[^"]*")$/;

/**
 * Comparisons of secret-looking values with `===` that were reviewed and are not secret
 * comparisons, with the reason. Anything else must use `safeEqual` (constant time).
 */
const REVIEWED: Record<string, string> = {
  'src/sessions/sessions.service.ts: user.passwordHash !== null,':
    'Whether a user has set a password at all (a null check), not a comparison of its value.',
  'src/executions/trigger.service.ts: execution.requestHash !== requestHash':
    "The SHA-256 of the caller's own request body, compared with the one stored for the same agent's Idempotency-Key (same account): it only tells a replay from a conflict.",
  'src/common/crypto.ts: previousKey !== secretKey':
    'SECRET_KEY_PREVIOUS against SECRET_KEY, both from the configuration, once at start: no caller input.',
  'src/common/crypto.ts: key.id === keyId':
    'Key ids are public (written in clear in every sealed value, derived by HKDF): choosing the key to try reveals nothing.',
  'src/secret-key/secret-key-check.ts: stored !== box.keyId':
    'The stored key id (public, see above) against the configured key id, at start.',
  'src/secret-key/secret-key-check.ts: stored !== box.previousKeyId':
    'The stored key id (public) against the configured previous key id, at start.',
  'src/secret-key/secret-key-check.ts: opener !== box.keyId':
    'Key ids (public) of the key that opened a stored value, at start.',
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('secret comparisons', () => {
  it('no secret is compared with === in src/ (safeEqual, constant time, is used instead)', () => {
    const found: string[] = [];
    for (const file of files(SRC)) {
      const code = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !line.trim().startsWith('//') && !line.trim().startsWith('*'));
      for (const line of code) {
        for (const match of line.matchAll(COMPARISON)) {
          const [left, operator, right] = match[1]
            ? [match[1], match[2], match[3]]
            : [match[4], match[5], match[6]];
          const other = match[1] ? right : left;
          if (HARMLESS.test(other)) continue;
          const entry = `${relative(join(SRC, '..'), file)}: ${left} ${operator} ${right}`;
          if (!(entry in REVIEWED)) found.push(entry);
        }
      }
    }
    expect(found, 'compare secrets with safeEqual, or review and list here').toEqual([]);
  });

  it('safeEqual tells equal from different strings, of any length', () => {
    expect(safeEqual('sha256=abc', 'sha256=abc')).toBe(true);
    expect(safeEqual('sha256=abc', 'sha256=abd')).toBe(false);
    expect(safeEqual('sha256=abc', 'sha256=ab')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
    expect(safeEqual('é', 'e\u0301')).toBe(false);
  });
});
