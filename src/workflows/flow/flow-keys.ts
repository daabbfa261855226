import { Global, Module } from '@nestjs/common';
import { ApiError } from '../../common/api-error';
import { ConfigValidationError } from '../../kinds/agent-kind';
import { FLOW_KEYS, type CompiledFlowKey, type FlowKeyCompiler } from '../../agents/flow';
import { compileValue } from '../expressions/value';
import { sharedSandbox } from '../expressions/sandbox';

/**
 * Flow control keys (docs/api.md, Flow control) are values over `$input`, compiled and
 * evaluated like a workflow's: the same expressions, sandbox and bounds. A key that fails gives
 * null (the null key), as the contract of keys says; a bad expression is a 400 at its field.
 */
export class WorkflowFlowKeys implements FlowKeyCompiler {
  compile(value: unknown, field: string): CompiledFlowKey {
    let compiled: ReturnType<typeof compileValue>;
    try {
      compiled = compileValue(value, field, sharedSandbox());
    } catch (error) {
      if (error instanceof ConfigValidationError) {
        throw ApiError.invalid(error.path, `${error.path}: ${error.message}`);
      }
      throw error;
    }
    return {
      evaluate: async (input, scope) => {
        try {
          return await compiled.evaluate({
            input,
            steps: {},
            execution: { id: scope.executionId, agent_id: scope.agentId, source: scope.source },
            account: scope.accountId,
          });
        } catch {
          return null;
        }
      },
    };
  }
}

/** Provides FLOW_KEYS to the agents and executions modules below (a port, global). */
@Global()
@Module({
  providers: [{ provide: FLOW_KEYS, useClass: WorkflowFlowKeys }],
  exports: [FLOW_KEYS],
})
export class FlowKeysModule {}
