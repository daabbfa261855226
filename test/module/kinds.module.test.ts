import { Test } from '@nestjs/testing';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KindRegistry } from '../../src/kinds/kind-registry';
import { KINDS_FOLDER, KindsModule } from '../../src/kinds/kinds.module';
import { WorkflowsModule } from '../../src/workflows/workflows.module';
import {
  BUILT_IN_KINDS,
  ConfigStub,
  describeExampleKind,
  describeKindSuite,
  kindFileNames,
} from '../support/kinds';

const EXAMPLES = join(__dirname, '../../examples/kinds');

/**
 * The example folder beside the service's own, unless the example was copied into src/kinds/
 * as docs/extending.md describes (it is then one of the service's kinds, and loading it twice
 * would be a duplicate kind).
 */
const withExamples = () =>
  kindFileNames([KINDS_FOLDER]).includes('word-count') ? [KINDS_FOLDER] : [KINDS_FOLDER, EXAMPLES];

// What every kind must pass, on the service's own kinds (a kind file added to src/kinds/ is
// found and checked here, no list names it) and with the example folder beside them.
describeKindSuite('the kinds of src/kinds/ and src/workflows/', () => [KINDS_FOLDER]);
describeKindSuite('the kinds with examples/kinds/ beside them', withExamples);
describeExampleKind('the example kind (word-count)', withExamples);

describe('KindsModule', () => {
  it('gives the service the kinds of its own folder only, by default', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [ConfigStub, KindsModule.register(), WorkflowsModule],
    }).compile();
    await moduleRef.init();
    const names = moduleRef.get(KindRegistry).names();
    expect(names).toEqual([...kindFileNames([KINDS_FOLDER]), 'workflow'].sort());
    expect(names).toEqual(expect.arrayContaining(BUILT_IN_KINDS));
    await moduleRef.close();
  });

  it('refuses a kind file that does not hold exactly one kind', async () => {
    await expect(
      KindsModule.register({ folders: [join(__dirname, 'fixtures/two-kinds')] }),
    ).rejects.toThrow(
      /two\.kind\.ts must export exactly one class with @AgentKind\(\) \(found 2\)/,
    );
  });
});
