import { randomBytes } from 'node:crypto';
import type { Response } from 'supertest';
import { expect } from 'vitest';
import type { UserRole } from '../../src/users/user.entity';
import { UsersService } from '../../src/users/users.service';
import type { TestService } from './service';

/** The API's own origin in tests (BASE_URL's default). */
export const OWN_ORIGIN = 'http://localhost:3000';

/** A password long enough for the 12-character rule. */
export const PASSWORD = 'correct horse battery';

/** A distinct client address per call (the services under test run with TRUST_PROXY=true). */
export const randomIp = (): string =>
  `10.${[...randomBytes(3)].map((byte) => String(byte)).join('.')}`;

/** The `aas_session=...` pair of a response's Set-Cookie, or null. */
export function sessionCookie(res: Response): string | null {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const found = cookies.find((cookie) => cookie.startsWith('aas_session='));
  return found ? found.split(';')[0] : null;
}

/** A signed-in browser: its cookie, CSRF token and client IP. */
export interface Browser {
  cookie: string;
  csrf: string;
  ip: string;
  userId: string;
  /** Headers of a same-origin request with the session (and the CSRF token). */
  headers(): Record<string, string>;
}

export function browser(res: Response, ip: string): Browser {
  const cookie = sessionCookie(res);
  expect(cookie, 'sign-in sets the session cookie').toBeTruthy();
  const csrf = res.body.csrf_token as string;
  return {
    cookie: cookie!,
    csrf,
    ip,
    userId: res.body.user.id,
    headers: () => ({
      Cookie: cookie!,
      Origin: OWN_ORIGIN,
      'X-CSRF-Token': csrf,
      'X-Forwarded-For': ip,
    }),
  };
}

/** Signs in over HTTP (200 expected) from a fresh address. */
export async function signIn(t: TestService, email: string, password = PASSWORD): Promise<Browser> {
  const ip = randomIp();
  const res = await t
    .api()
    .post('/v2/session')
    .set({ Origin: OWN_ORIGIN, 'X-Forwarded-For': ip })
    .send({ email, password })
    .expect(200);
  return browser(res, ip);
}

/** A user with a password set (through the service, not HTTP). */
export async function createUser(
  t: TestService,
  accountId: string,
  options: { role?: UserRole; email?: string; password?: string } = {},
): Promise<{ id: string; email: string; password: string }> {
  const users = t.service.api!.get(UsersService);
  const email = options.email ?? `user-${randomBytes(4).toString('hex')}@example.com`;
  const { setupUrl, user } = await users.invite(accountId, email, options.role ?? 'owner');
  const token = new URL(setupUrl).searchParams.get('token')!;
  const password = options.password ?? PASSWORD;
  await users.completeSetup(token, password);
  return { id: user.id, email, password };
}
