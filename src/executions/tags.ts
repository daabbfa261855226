import { ApiError } from '../common/api-error';

/** At most this many tags on one execution (docs/api.md, Tags). */
export const MAX_TAGS = 10;
export const TAG_MAX_LENGTH = 64;
/** A tag: 1 to 64 of letters, digits, `_`, `.`, `:` and `-`. */
export const TAG_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
export const TAG_RULE = `1 to ${TAG_MAX_LENGTH} characters of A-Z a-z 0-9 _ . : -`;

/**
 * The tags of a trigger, checked: each a string of TAG_PATTERN, at most MAX_TAGS, repeats kept
 * once in their first place. A bad one is 400 naming it (`<field>[i]`); too many, `<field>`.
 */
export function checkTags(values: readonly unknown[], field: string): string[] {
  if (values.length > MAX_TAGS) {
    throw ApiError.invalid(field, `${field} must hold at most ${MAX_TAGS} tags`);
  }
  values.forEach((value, index) => {
    if (typeof value !== 'string' || !TAG_PATTERN.test(value)) {
      throw ApiError.invalid(`${field}[${index}]`, `${field}[${index}] must be ${TAG_RULE}`);
    }
  });
  return [...new Set(values as string[])];
}

/**
 * The webhook's `X-Tags` header: tags separated by commas (spaces around them ignored).
 * A bad one is 400 `field: "X-Tags"`.
 */
export function parseTagsHeader(value: string | undefined): string[] {
  if (value === undefined) return [];
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length > MAX_TAGS) {
    throw ApiError.invalid('X-Tags', `X-Tags must hold at most ${MAX_TAGS} comma-separated tags`);
  }
  for (const part of parts) {
    if (!TAG_PATTERN.test(part)) {
      throw ApiError.invalid('X-Tags', `X-Tags must be comma-separated tags, each ${TAG_RULE}`);
    }
  }
  return [...new Set(parts)];
}
