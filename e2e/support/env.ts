export const OWNER_PASSWORD = 'correct horse battery staple';

export interface E2eState {
  dir: string;
  base: string;
  webhookBase: string;
  env: Record<string, string>;
  accountId: string;
  apiKey: string;
  agentId: string;
  ownerEmail: string;
  /** The owner's session cookie value, made by global-setup.ts. */
  ownerSession: string;
}

/** What global-setup.ts started and seeded (Playwright passes its process.env to the workers). */
export function state(): E2eState {
  const raw = process.env.E2E_STATE;
  if (!raw) throw new Error('E2E_STATE is not set: run through playwright.config.ts');
  return JSON.parse(raw) as E2eState;
}
