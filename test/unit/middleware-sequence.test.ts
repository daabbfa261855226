import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { middlewareSequence } from '../../src/common/middleware-sequence';

const req = {} as Request;
const res = {} as Response;

/** Runs a sequence once; resolves with what reached the outer `next` (`'done'` for none). */
function run(handlers: RequestHandler[]): Promise<unknown> {
  return new Promise((resolve) =>
    middlewareSequence(handlers)(req, res, ((error?: unknown) =>
      resolve(error === undefined ? 'done' : error)) as NextFunction),
  );
}

describe('middlewareSequence (the listener chain as one handler)', () => {
  it('runs each handler in order, then leaves through the outer next', async () => {
    const seen: number[] = [];
    const step =
      (n: number): RequestHandler =>
      (_q, _s, next) => {
        seen.push(n);
        next();
      };
    expect(await run([step(1), step(2), step(3)])).toBe('done');
    expect(seen).toEqual([1, 2, 3]);
  });

  it('stops where a handler answers without calling next', async () => {
    const seen: string[] = [];
    let answered: () => void = () => {};
    const settled = new Promise<void>((resolve) => (answered = resolve));
    middlewareSequence([
      (_q, _s, next) => next(),
      () => {
        seen.push('answer');
        answered();
      },
      () => seen.push('never'),
    ])(req, res, () => seen.push('outer next'));
    await settled;
    expect(seen).toEqual(['answer']);
  });

  it('hands an error, a throw or a rejected promise to the outer next, skipping the rest', async () => {
    const after: RequestHandler = () => {
      throw new Error('not reached');
    };
    const passed = new Error('passed');
    const thrown = new Error('thrown');
    const rejected = new Error('rejected');
    expect(await run([(_q, _s, next) => next(passed), after])).toBe(passed);
    expect(
      await run([
        () => {
          throw thrown;
        },
        after,
      ]),
    ).toBe(thrown);
    expect(await run([async () => Promise.reject(rejected), after])).toBe(rejected);
  });

  it('leaves at the next turn of the event loop, as a Router does', async () => {
    const outer: string[] = [];
    middlewareSequence([(_q, _s, next) => next()])(req, res, () => outer.push('next'));
    middlewareSequence([(_q, _s, next) => next(new Error('late'))])(req, res, () =>
      outer.push('error'),
    );
    expect(outer).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(outer).toEqual(['next', 'error']);
  });

  it('an empty sequence is a plain next', async () => {
    expect(await run([])).toBe('done');
  });
});
