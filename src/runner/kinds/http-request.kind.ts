import { AgentKind, AgentKindProvider, RunContext } from './agent-kind';

/** CONTRACT §6 `http-request`: sends the input as JSON to the configured URL. */
@AgentKindProvider()
export class HttpRequestKind implements AgentKind {
  readonly name = 'http-request';

  validateConfig(config: Record<string, unknown>): Record<string, unknown> {
    return config;
  }

  async run(input: Record<string, unknown>, ctx: RunContext): Promise<Record<string, unknown>> {
    void input;
    void ctx;
    throw new Error('not implemented yet');
  }
}
