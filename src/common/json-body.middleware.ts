import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import { isUtf8 } from 'node:buffer';
import { EnvelopeFlavour, sendError } from './error-envelope';
import {
  jsonHasHugeNumber,
  jsonHasLoneSurrogate,
  jsonTextTooDeep,
  MAX_JSON_DEPTH,
} from './json-depth';

export const MAX_BODY_BYTES = 1024 * 1024;

declare module 'express-serve-static-core' {
  interface Request {
    /** The exact bytes of the JSON body, for signatures and hashing. */
    rawBody?: Buffer;
    /** The fields of an HTML form POST, on the one path that takes them (FORM_PATH). */
    formFields?: Record<string, string>;
  }
}

/**
 * The one path whose POST may also be an HTML form (a wait token's callback URL, whose page
 * posts its buttons): `application/x-www-form-urlencoded`, at most 64 KiB, read as fields.
 */
const FORM_PATH = /^\/v2\/wait-tokens\/[^/]+\/callback\/[^/]+$/;
const FORM_BYTES = 64 * 1024;

function isForm(req: Request): boolean {
  const type = req.headers['content-type'];
  if (!type || type.split(';')[0].trim().toLowerCase() !== 'application/x-www-form-urlencoded') {
    return false;
  }
  return FORM_PATH.test((req.originalUrl ?? req.url).split('?')[0]);
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}

function isJson(req: Request): boolean {
  const type = req.headers['content-type'];
  if (!type) return false;
  const mime = type.split(';')[0].trim().toLowerCase();
  return mime === 'application/json' || (mime.startsWith('application/') && mime.endsWith('+json'));
}

/**
 * Body handling for both listeners, on the raw bytes: a body must be JSON (415), at most
 * 1 MiB (413), valid UTF-8 (400), nested at most MAX_JSON_DEPTH levels (400), well-formed
 * (400) and an object (400). A request without a body gets `{}`.
 */
export function jsonBody(flavour: EnvelopeFlavour, docsUrl: string): RequestHandler[] {
  const parse = express.raw({ type: () => true, limit: MAX_BODY_BYTES });
  const parseForm = express.raw({ type: () => true, limit: FORM_BYTES });
  return [
    (req: Request, res: Response, next: NextFunction) => {
      if (!hasBody(req)) {
        req.body = {};
        return next();
      }
      if (isForm(req)) {
        return parseForm(req, res, (err?: unknown) => {
          if (err) {
            return sendError(
              res,
              flavour,
              docsUrl,
              'invalid_request',
              'The form could not be read',
            );
          }
          const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          req.formFields = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
          req.body = {};
          next();
        });
      }
      if (!isJson(req)) {
        return sendError(
          res,
          flavour,
          docsUrl,
          'unsupported_media_type',
          'The body must be application/json',
        );
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
        // JSON text is UTF-8 (RFC 8259): bytes that are not are refused, never replaced.
        if (!isUtf8(raw)) {
          return sendError(
            res,
            flavour,
            docsUrl,
            'invalid_request',
            'The body is not valid UTF-8 (JSON text must be UTF-8 encoded)',
          );
        }
        if (jsonTextTooDeep(raw)) {
          return sendError(
            res,
            flavour,
            docsUrl,
            'invalid_request',
            `The body is nested more than ${MAX_JSON_DEPTH} levels deep`,
          );
        }
        let parsed: unknown;
        const text = raw.toString('utf8');
        try {
          parsed = JSON.parse(text);
        } catch {
          return sendError(res, flavour, docsUrl, 'invalid_request', 'The body is not valid JSON');
        }
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
          return sendError(
            res,
            flavour,
            docsUrl,
            'invalid_request',
            'The body must be a JSON object',
          );
        }
        if (jsonHasLoneSurrogate(text, parsed)) {
          return sendError(
            res,
            flavour,
            docsUrl,
            'invalid_request',
            'The body holds a lone UTF-16 surrogate escape (such as \\ud800), which is not Unicode text',
          );
        }
        if (jsonHasHugeNumber(text, parsed)) {
          return sendError(
            res,
            flavour,
            docsUrl,
            'invalid_request',
            'The body holds a number too large to represent (such as 1e400)',
          );
        }
        req.body = parsed;
        next();
      });
    },
  ];
}
