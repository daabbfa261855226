import { createRequire } from 'node:module';
import { isPhoneNumber } from 'class-validator';
import { describe, expect, it } from 'vitest';

const load = createRequire(__filename);

/** The stubs of `stubs/`, wired by npm overrides (docs/decisions/0068-dependency-stubs.md). */
describe('dependency stubs', () => {
  it('libphonenumber-js is the stub: class-validator loads it without its 4 MB', () => {
    const resolved = load.resolve('libphonenumber-js/max');
    expect(resolved).toMatch(/stubs[/\\]libphonenumber-js[/\\]index\.js$/);
    const { parsePhoneNumber } = load('libphonenumber-js/max') as {
      parsePhoneNumber: (value: string) => unknown;
    };
    expect(() => parsePhoneNumber('+4915112345678')).toThrow(/stubbed out/);
  });

  it("class-validator's IsPhoneNumber is not available: every number is invalid", () => {
    expect(isPhoneNumber('+4915112345678')).toBe(false);
  });
});
