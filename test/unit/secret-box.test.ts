import { describe, expect, it } from 'vitest';
import { SecretBox, secretKeyId, SecretUnreadableError } from '../../src/common/crypto';
import { sealV1 } from '../support/sealed-v1';

const KEY_A = 'unit-key-A-0123456789abcdef0123456789abcdef';
const KEY_B = 'unit-key-B-0123456789abcdef0123456789abcdef';

describe('SecretBox', () => {
  it('seals under SECRET_KEY, tagged with its key id, and opens it', () => {
    const box = new SecretBox(KEY_A);
    const sealed = box.seal('whsec_abc');
    expect(secretKeyId(KEY_A)).toMatch(/^[0-9a-f]{16}$/);
    expect(secretKeyId(KEY_A)).not.toBe(secretKeyId(KEY_B));
    expect(sealed.startsWith(`v2.${secretKeyId(KEY_A)}.`)).toBe(true);
    expect(box.open(sealed)).toBe('whsec_abc');
    expect(box.isCurrent(sealed)).toBe(true);
    expect(box.seal('whsec_abc')).not.toBe(sealed);
  });

  it('still opens values sealed before key ids (v1)', () => {
    const sealed = sealV1(KEY_A, 'whsec_old');
    expect(new SecretBox(KEY_A).open(sealed)).toBe('whsec_old');
    expect(new SecretBox(KEY_B, KEY_A).open(sealed)).toBe('whsec_old');
    expect(new SecretBox(KEY_B, KEY_A).openingKeyId(sealed)).toBe(secretKeyId(KEY_A));
    expect(new SecretBox(KEY_A).isCurrent(sealed)).toBe(false);
  });

  it('opens with SECRET_KEY_PREVIOUS during a rotation, but seals under SECRET_KEY', () => {
    const old = new SecretBox(KEY_A).seal('whsec_x');
    const rotating = new SecretBox(KEY_B, KEY_A);
    expect(rotating.open(old)).toBe('whsec_x');
    expect(rotating.isCurrent(old)).toBe(false);
    expect(rotating.openingKeyId(old)).toBe(secretKeyId(KEY_A));
    const fresh = rotating.seal('whsec_x');
    expect(fresh.startsWith(`v2.${secretKeyId(KEY_B)}.`)).toBe(true);
    expect(new SecretBox(KEY_B).open(fresh)).toBe('whsec_x');
  });

  it('fails with SecretUnreadableError naming the key id, never a crypto message', () => {
    const sealed = new SecretBox(KEY_A).seal('whsec_x');
    for (const [box, value] of [
      [new SecretBox(KEY_B), sealed],
      [new SecretBox(KEY_B), sealV1(KEY_A, 'whsec_x')],
      [new SecretBox(KEY_A), sealed.slice(0, -2) + (sealed.endsWith('AA') ? 'BB' : 'AA')],
      [new SecretBox(KEY_A), 'garbage'],
    ] as const) {
      let thrown: unknown;
      try {
        box.open(value);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(SecretUnreadableError);
      expect((thrown as Error).message).not.toMatch(/authenticate|Unsupported state/i);
    }
    expect(() => new SecretBox(KEY_B).open(sealed)).toThrow(secretKeyId(KEY_A));
  });
});
