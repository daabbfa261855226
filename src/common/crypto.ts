import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time string comparison (length is not secret). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The key id of a SECRET_KEY: 16 hex digits derived by HKDF (apart from the encryption key, so
 * it tells nothing about it). Every sealed value carries it, and the database stores the id
 * of the key its secrets are sealed under (the check value, see secret-key/secret-key-check.ts).
 */
export function secretKeyId(secretKey: string): string {
  return Buffer.from(
    hkdfSync('sha256', secretKey, 'agent-automation', 'secret-key-id/v1', 8),
  ).toString('hex');
}

/**
 * A sealed value that neither SECRET_KEY nor SECRET_KEY_PREVIOUS opens. Its message names the
 * key id only, never the crypto library's words: callers turn it into a clear answer (503).
 */
export class SecretUnreadableError extends Error {
  override readonly name = 'SecretUnreadableError';

  constructor(readonly keyId: string | null) {
    super(
      `A stored secret cannot be decrypted: it was sealed under ${
        keyId ? `key id ${keyId}` : 'another key'
      }, which is neither SECRET_KEY nor SECRET_KEY_PREVIOUS`,
    );
  }
}

interface SealingKey {
  id: string;
  key: Buffer;
}

function sealingKey(secretKey: string): SealingKey {
  return {
    id: secretKeyId(secretKey),
    key: Buffer.from(hkdfSync('sha256', secretKey, 'agent-automation', 'secrets-at-rest/v1', 32)),
  };
}

/**
 * Authenticated encryption of secrets at rest (AES-256-GCM) with a key derived from
 * SECRET_KEY by HKDF. Stored form: `v2.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts);
 * the older `v1.<iv>.<tag>.<ciphertext>` (no key id) is still read. Seals under SECRET_KEY;
 * opens with SECRET_KEY or, during a key rotation, SECRET_KEY_PREVIOUS.
 */
export class SecretBox {
  private readonly current: SealingKey;
  private readonly previous: SealingKey | null;

  constructor(secretKey: string, previousKey?: string | null) {
    this.current = sealingKey(secretKey);
    this.previous = previousKey && previousKey !== secretKey ? sealingKey(previousKey) : null;
  }

  /** The key id of SECRET_KEY (the key new values are sealed under). */
  get keyId(): string {
    return this.current.id;
  }

  /** The key id of SECRET_KEY_PREVIOUS, or null. */
  get previousKeyId(): string | null {
    return this.previous?.id ?? null;
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v2', this.current.id, iv, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The plaintext; SecretUnreadableError when no key of this box opens it. */
  open(sealed: string): string {
    return this.unseal(sealed).plaintext;
  }

  /** The id of the key of this box that opens `sealed`; SecretUnreadableError if none does. */
  openingKeyId(sealed: string): string {
    return this.unseal(sealed).keyId;
  }

  /** Whether `sealed` is already sealed under SECRET_KEY (nothing for a rotation to do). */
  isCurrent(sealed: string): boolean {
    return sealed.startsWith(`v2.${this.current.id}.`);
  }

  private unseal(sealed: string): { plaintext: string; keyId: string } {
    const parts = sealed.split('.');
    let keyId: string | null = null;
    let candidates: SealingKey[];
    if (parts[0] === 'v2' && parts.length === 5) {
      keyId = parts.splice(1, 1)[0];
      candidates = [this.current, this.previous].filter(
        (key): key is SealingKey => key !== null && key.id === keyId,
      );
    } else if (parts[0] === 'v1' && parts.length === 4) {
      candidates = [this.current, this.previous].filter((key): key is SealingKey => key !== null);
    } else {
      throw new SecretUnreadableError(null);
    }
    const [, iv, tag, body] = parts;
    for (const key of candidates) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plaintext = Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
        return { plaintext, keyId: key.id };
      } catch {
        // not this key (or tampered): try the next one
      }
    }
    throw new SecretUnreadableError(keyId);
  }
}

/** A Standard Webhooks signing secret: `whsec_` + base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** HMAC-SHA256 (base64url) of `value` under a key derived from SECRET_KEY for `purpose`. */
export function keyedDigest(secretKey: string, purpose: string, value: string): string {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'agent-automation', purpose, 32));
  return createHmac('sha256', key).update(value).digest('base64url');
}
