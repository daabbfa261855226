import { ConfigValidationError } from '../kinds/agent-kind';
import type { KindLookup, StepType } from './step-type';
import { AgentKindStep } from './steps/agent-kind.step';
import { AgentStep } from './steps/agent.step';
import { BranchStep } from './steps/branch.step';
import { CreateTokenStep } from './steps/create-token.step';
import { FailStep } from './steps/fail.step';
import { ForeachStep } from './steps/foreach.step';
import { HttpStep } from './steps/http.step';
import { LlmStep } from './steps/llm.step';
import { TransformStep } from './steps/transform.step';
import { WaitStep } from './steps/wait.step';

/**
 * The built-in step types. Adding one is writing `steps/<name>.step.ts` and listing its
 * class here; every registered agent kind is a step type as well (`AgentKindStep`).
 */
const BUILT_IN: readonly StepType<unknown>[] = [
  new TransformStep(),
  new HttpStep(),
  new BranchStep(),
  new ForeachStep(),
  new FailStep(),
  new LlmStep(),
  new WaitStep(),
  new CreateTokenStep(),
  new AgentStep(),
];
const BY_NAME = new Map<string, StepType<unknown>>(BUILT_IN.map((type) => [type.type, type]));
/** Kinds that cannot be steps: a workflow inside a workflow would escape the step limits. */
const NOT_STEPS = new Set(['workflow']);
const kindSteps = new WeakMap<object, StepType<unknown>>();

export function builtInStepTypes(): string[] {
  return [...BY_NAME.keys()];
}

export function findStepType(value: unknown, path: string, kinds: KindLookup): StepType<unknown> {
  if (typeof value !== 'string' || value === '') {
    throw new ConfigValidationError(path, 'type is required');
  }
  const builtIn = BY_NAME.get(value);
  if (builtIn) return builtIn;
  const kind = NOT_STEPS.has(value) ? undefined : kinds(value);
  if (!kind) {
    throw new ConfigValidationError(
      path,
      `Unknown step type "${value}"; use one of ${builtInStepTypes().join(', ')} or an agent kind`,
    );
  }
  let type = kindSteps.get(kind);
  if (!type) {
    type = new AgentKindStep(kind);
    kindSteps.set(kind, type);
  }
  return type;
}
