/** At most this many fields (`name=value` pairs, repeats included) in one form body. */
export const MAX_FORM_FIELDS = 1000;

/** A form's fields: a string each, an array of strings for a name sent more than once. */
export type FormFields = Record<string, string | string[]>;

/** Why a form body was refused (400 `invalid_request`). */
export class FormBodyError extends Error {}

/**
 * `application/x-www-form-urlencoded` text as an HTML form sends it: `&`-separated
 * `name=value` pairs, `+` for a space, percent-escapes of UTF-8 bytes. A name sent once is a
 * string; sent again, an array of its values in order. Names are flat (`a[b]` is just a name)
 * and every name is data: `__proto__` or `constructor` become own fields, never a prototype.
 * Empty pairs (`a=1&&b=2`) are skipped. A malformed escape, an escape that is not UTF-8 or
 * more than MAX_FORM_FIELDS pairs: FormBodyError.
 */
export function parseForm(text: string): FormFields {
  const values = new Map<string, string[]>();
  let count = 0;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    count += 1;
    if (count > MAX_FORM_FIELDS) {
      throw new FormBodyError(`The form has more than ${MAX_FORM_FIELDS} fields`);
    }
    const equals = pair.indexOf('=');
    const name = decode(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? '' : decode(pair.slice(equals + 1));
    const seen = values.get(name);
    if (seen) seen.push(value);
    else values.set(name, [value]);
  }
  const fields: FormFields = {};
  for (const [name, list] of values) {
    // defineProperty, not assignment: `fields.__proto__ = …` would set the prototype.
    Object.defineProperty(fields, name, {
      value: list.length === 1 ? list[0] : list,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return fields;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    throw new FormBodyError(
      'The form body holds a malformed percent-escape (each % must start the escape of a UTF-8 byte, such as %C3%A9)',
    );
  }
}
