import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KINDS_FOLDER } from '../../src/kinds/kinds.module';
import { describeExampleKind, describeKindSuite, kindFileNames } from '../support/kinds';

const ROOT = join(__dirname, '../..');
const EXAMPLE = join(ROOT, 'examples/kinds/word-count.kind.ts');

/**
 * docs/extending.md, followed as written: the example kind copied into a kinds folder with its
 * import made `./agent-kind`, as the example's own comment says, then the suite's kind tests
 * run on the service's kinds with it. The folder stands in for src/kinds/ (which the tests
 * leave alone; it is under the project, in test/.tmp/, so that the copy's packages resolve and
 * the test runner compiles it): besides the copy it holds only `agent-kind.ts`, the module
 * the copy imports (re-exporting src/kinds/agent-kind.ts).
 */
mkdirSync(join(ROOT, 'test/.tmp'), { recursive: true });
const folder = mkdtempSync(join(ROOT, 'test/.tmp/kinds-'));
const source = readFileSync(EXAMPLE, 'utf8');
const copied = source.replace("from '../../src/kinds/agent-kind'", "from './agent-kind'");
writeFileSync(join(folder, 'word-count.kind.ts'), copied);
writeFileSync(
  join(folder, 'agent-kind.ts'),
  `export * from ${JSON.stringify(join(KINDS_FOLDER, 'agent-kind'))};\n`,
);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Copied for real into src/kinds/ already: that copy is then the one the suite checks. */
const inService = kindFileNames([KINDS_FOLDER]).includes('word-count');
const folders = () => (inService ? [KINDS_FOLDER] : [KINDS_FOLDER, folder]);

describe('the example kind copied into a kinds folder as docs/extending.md says', () => {
  it('says where to copy it and which import to change, and the copy imports nothing else', () => {
    expect(source).toContain('`src/kinds/`');
    expect(copied).not.toBe(source);
    const relative = [...copied.matchAll(/from '(\.[^']*)'/g)].map((match) => match[1]);
    expect(relative).toEqual(['./agent-kind']);
  });

  it.skipIf(inService)('adds one kind to those of the service', () => {
    expect(kindFileNames([KINDS_FOLDER, folder])).toEqual([
      ...kindFileNames([KINDS_FOLDER]),
      'word-count',
    ]);
  });
});

describeKindSuite('the suite’s kind tests, with the copied kind', folders);
describeExampleKind('the example’s own tests, on the copy', folders);
