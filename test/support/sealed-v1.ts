import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * `plaintext` sealed under `secretKey` as releases before key ids sealed it
 * (`v1.<iv>.<tag>.<ciphertext>`, no key id), written here independently of `SecretBox`.
 */
export function sealV1(secretKey: string, plaintext: string): string {
  const key = Buffer.from(
    hkdfSync('sha256', secretKey, 'agent-automation', 'secrets-at-rest/v1', 32),
  );
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}
