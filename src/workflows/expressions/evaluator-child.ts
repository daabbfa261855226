/**
 * The program of an evaluator process, run with `node -e` so that it works the same from the
 * TypeScript sources (tests) and from the build. It compiles each expression source once
 * (cached), evaluates one request at a time and answers over the IPC channel. Its own heap is
 * capped by `--max-old-space-size`; the parent kills it at the deadline.
 */
export const EVALUATOR_SOURCE = `
'use strict';
const jsonata = require(process.env.AAS_JSONATA_PATH);
const options = JSON.parse(process.env.AAS_JSONATA_OPTIONS);
const cache = new Map();
process.on('message', async (request) => {
  let answer;
  try {
    let expression = cache.get(request.source);
    if (expression === undefined) {
      expression = jsonata(request.source, options);
      if (cache.size >= 1000) cache.clear();
      cache.set(request.source, expression);
    }
    const value = await expression.evaluate(request.context, request.bindings);
    answer = { id: request.id, ok: true, value: value === undefined ? null : value, undefined: value === undefined };
  } catch (error) {
    const code = error && typeof error.code === 'string' ? error.code : undefined;
    const message = error && typeof error.message === 'string' ? error.message : String(error);
    answer = { id: request.id, ok: false, code, message, rangeError: error instanceof RangeError };
  }
  try {
    process.send(answer);
  } catch (error) {
    process.send({ id: request.id, ok: false, message: 'The result cannot be represented as JSON' });
  }
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
`;
