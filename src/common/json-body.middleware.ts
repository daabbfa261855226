import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import { isUtf8 } from 'node:buffer';
import { EnvelopeFlavour, sendError } from './error-envelope';
import { FormBodyError, parseForm } from './form-body';
import { HEAVY_JSON_BYTES, heavyTurn, markHeavy } from './heavy-turns';
import {
  jsonHasHugeNumber,
  jsonHasLoneSurrogate,
  jsonTextTooDeep,
  MAX_JSON_DEPTH,
} from './json-depth';

export const MAX_BODY_BYTES = 1024 * 1024;

declare module 'express-serve-static-core' {
  interface Request {
    /** The exact bytes of the body (JSON or form), for signatures and hashing. */
    rawBody?: Buffer;
    /** The fields of an HTML form POST, on the one path that takes them (FORM_PATH). */
    formFields?: Record<string, string>;
  }
}

/**
 * The one path of the API listener whose POST may also be an HTML form: a wait token's callback
 * URL, whose page posts its buttons. Its fields are read as on the webhook listener and handed
 * to the route as `formFields` (a repeated field: its first value).
 */
const CALLBACK_FORM_PATH = /^\/v2\/wait-tokens\/[^/]+\/callback\/[^/]+$/;

function isCallbackPath(req: Request): boolean {
  return CALLBACK_FORM_PATH.test((req.originalUrl ?? req.url).split('?')[0]);
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}

type BodyType = 'json' | 'form' | 'other';

/** What the `Content-Type` announces: JSON (`application/json`, `…+json`), a form, or else. */
function bodyType(req: Request): BodyType {
  const type = req.headers['content-type'];
  if (!type) return 'other';
  const [essence, ...parameters] = type.split(';');
  const mime = essence.trim().toLowerCase();
  if (mime === 'application/json' || (mime.startsWith('application/') && mime.endsWith('+json'))) {
    return 'json';
  }
  if (mime !== 'application/x-www-form-urlencoded') return 'other';
  // A form's escapes are of UTF-8 bytes; a form declared in another charset is not read.
  const charset = parameters
    .map((parameter) => parameter.trim().toLowerCase())
    .find((parameter) => parameter.startsWith('charset='));
  const name = charset?.slice('charset='.length).replace(/^"|"$/g, '');
  return name === undefined || name === 'utf-8' || name === 'us-ascii' ? 'form' : 'other';
}

/**
 * Body handling for both listeners, on the raw bytes: a body must be JSON, or with `forms`
 * (the webhook listener) a form (`application/x-www-form-urlencoded`, see `parseForm`), else
 * 415; at most 1 MiB (413), valid UTF-8 (400). JSON must be nested at most MAX_JSON_DEPTH
 * levels (400), well-formed (400) and an object (400); a form must be well-formed (400). The
 * raw bytes stay in `req.rawBody` for signatures. A request without a body gets `{}`.
 */
export function jsonBody(
  flavour: EnvelopeFlavour,
  docsUrl: string,
  options: { forms?: boolean } = {},
): RequestHandler[] {
  const parse = express.raw({ type: () => true, limit: MAX_BODY_BYTES });
  const accepted = options.forms
    ? 'The body must be application/json or application/x-www-form-urlencoded (UTF-8)'
    : 'The body must be application/json';
  return [
    (req: Request, res: Response, next: NextFunction) => {
      if (!hasBody(req)) {
        req.body = {};
        return next();
      }
      const type = bodyType(req);
      const callbackForm = type === 'form' && !options.forms && isCallbackPath(req);
      if (type === 'other' || (type === 'form' && !options.forms && !callbackForm)) {
        return sendError(res, flavour, docsUrl, 'unsupported_media_type', accepted);
      }
      parse(req, res, (err?: unknown) => {
        if (err) {
          const type = (err as { type?: string }).type;
          if (type === 'entity.too.large') {
            return sendError(
              res,
              flavour,
              docsUrl,
              'payload_too_large',
              'The body is larger than 1 MiB',
            );
          }
          if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
            return sendError(
              res,
              flavour,
              docsUrl,
              'unsupported_media_type',
              'Unsupported body encoding',
            );
          }
          return sendError(res, flavour, docsUrl, 'invalid_request', 'The body could not be read');
        }
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        req.rawBody = raw;
        if (type === 'form') {
          if (!isUtf8(raw)) {
            return sendError(
              res,
              flavour,
              docsUrl,
              'invalid_request',
              'The form body is not valid UTF-8',
            );
          }
          try {
            req.body = parseForm(raw.toString('utf8'));
          } catch (error) {
            if (!(error instanceof FormBodyError)) throw error;
            return sendError(res, flavour, docsUrl, 'invalid_request', error.message);
          }
          if (callbackForm) {
            const fields = req.body as Record<string, string | string[]>;
            req.formFields = Object.fromEntries(
              Object.entries(fields).map(([name, value]) => [
                name,
                Array.isArray(value) ? value[0] : value,
              ]),
            );
            req.body = {};
          }
          return next();
        }
        const fail = (message: string) =>
          sendError(res, flavour, docsUrl, 'invalid_request', message);
        const steps = checks(raw, fail, (parsed) => {
          req.body = parsed;
          if (raw.length >= HEAVY_JSON_BYTES) {
            markHeavy(parsed);
            for (const value of Object.values(parsed)) markHeavy(value);
          }
          next();
        });
        if (raw.length < HEAVY_JSON_BYTES) {
          steps.every((step) => step());
          return;
        }
        // A large body is checked and parsed in pieces, each on a heavy turn of the event
        // loop (heavy-turns.ts): other requests are served between them.
        void (async () => {
          for (const step of steps) {
            await heavyTurn();
            if (res.destroyed || !step()) return;
          }
        })().catch(next);
      });
    },
  ];
}

/**
 * The checks of a body's bytes, in order, as pieces of a few ms each on a 1 MiB body: each
 * answers false once it refused the body (`fail` answered); the last hands the parsed object
 * to `done`.
 */
function checks(
  raw: Buffer,
  fail: (message: string) => void,
  done: (parsed: object) => void,
): (() => boolean)[] {
  let text = '';
  let parsed: unknown;
  const refuse = (message: string) => (fail(message), false);
  return [
    () => {
      // JSON text is UTF-8 (RFC 8259): bytes that are not are refused, never replaced.
      if (!isUtf8(raw)) {
        return refuse('The body is not valid UTF-8 (JSON text must be UTF-8 encoded)');
      }
      if (jsonTextTooDeep(raw)) {
        return refuse(`The body is nested more than ${MAX_JSON_DEPTH} levels deep`);
      }
      return true;
    },
    () => {
      text = raw.toString('utf8');
      try {
        parsed = JSON.parse(text);
      } catch {
        return refuse('The body is not valid JSON');
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        return refuse('The body must be a JSON object');
      }
      return true;
    },
    () => {
      if (jsonHasLoneSurrogate(text, parsed)) {
        return refuse(
          'The body holds a lone UTF-16 surrogate escape (such as \\ud800), which is not Unicode text',
        );
      }
      if (jsonHasHugeNumber(text, parsed)) {
        return refuse('The body holds a number too large to represent (such as 1e400)');
      }
      done(parsed as object);
      return true;
    },
  ];
}
