import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, Matches, Min } from 'class-validator';
import {
  AgentKind,
  type AgentKindHandler,
  type RunContext,
  RunFailure,
} from '../../src/kinds/agent-kind';

/**
 * The example of docs/extending.md: a complete agent kind in one file. Copied into
 * `src/kinds/` (with the import made `./agent-kind`) it becomes a kind of the service; here,
 * only the tests load it (test/module/kinds.module.test.ts, and a copy made as just said in
 * test/module/kinds-extending.module.test.ts).
 */

/** The config of a `word-count` agent: what `POST /v2/agents` accepts as `config`. */
export class WordCountConfig {
  @ApiPropertyOptional({
    default: 'message',
    pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
    description: 'The input field whose words are counted',
  })
  // Decorators apply bottom-up: the one next to the property is checked first, and the first
  // failure is the one reported (the type, then the rest).
  @Matches(/^[A-Za-z_][A-Za-z0-9_]*$/, { message: '$property must be a field name' })
  @IsString({ message: '$property must be a string' })
  field: string = 'message';

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    default: 0,
    description: 'A text with fewer words fails the run with `too_short`',
  })
  @Min(0, { message: '$property must be at least 0' })
  @IsInt({ message: '$property must be an integer' })
  min_words: number = 0;
}

@AgentKind({
  name: 'word-count',
  description: 'Counts the words of one text field of the input.',
  config: WordCountConfig,
})
export class WordCountKind implements AgentKindHandler<WordCountConfig> {
  async run(
    input: Record<string, unknown>,
    ctx: RunContext<WordCountConfig>,
  ): Promise<Record<string, unknown>> {
    const { field, min_words } = ctx.config;
    const text = input[field];
    if (typeof text !== 'string') {
      throw new RunFailure('invalid_input', `The input has no text field "${field}"`);
    }
    const words = text.split(/\s+/).filter(Boolean).length;
    ctx.log('info', `${words} words in "${field}"`);
    if (words < min_words) {
      throw new RunFailure('too_short', `${words} words; at least ${min_words} are needed`);
    }
    return { field, words };
  }
}
