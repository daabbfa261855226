import { AgentKind, AgentKindProvider, RunContext } from './agent-kind';

/** CONTRACT §6 `lead-qualification` (the default kind). Scoring: runner issue. */
@AgentKindProvider()
export class LeadQualificationKind implements AgentKind {
  readonly name = 'lead-qualification';

  validateConfig(config: Record<string, unknown>): Record<string, unknown> {
    return config;
  }

  async run(input: Record<string, unknown>, ctx: RunContext): Promise<Record<string, unknown>> {
    void input;
    void ctx;
    throw new Error('not implemented yet');
  }
}
