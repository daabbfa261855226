import { childPath, isPlainObject } from '../common/json-path';

/**
 * The `agent_id` of every `agent` step of a workflow config, with its JSON path relative to
 * the config (`steps[2].agent_id`), nested steps included (branch cases, default, foreach),
 * and every agent tool of an `llm` step (`steps[0].tools[1].agent`):
 * what saving the workflow checks against the account's agents.
 */
export function agentStepRefs(config: unknown): { agentId: string; path: string }[] {
  const found: { agentId: string; path: string }[] = [];
  const walk = (list: unknown, path: string): void => {
    if (!Array.isArray(list)) return;
    list.forEach((step: unknown, index) => {
      if (!isPlainObject(step)) return;
      const at = childPath(path, index);
      if (step.type === 'agent' && typeof step.agent_id === 'string') {
        found.push({ agentId: step.agent_id, path: childPath(at, 'agent_id') });
      }
      if (step.type === 'llm' && Array.isArray(step.tools)) {
        step.tools.forEach((tool: unknown, i) => {
          if (isPlainObject(tool) && typeof tool.agent === 'string') {
            found.push({
              agentId: tool.agent,
              path: childPath(childPath(childPath(at, 'tools'), i), 'agent'),
            });
          }
        });
      }
      if (step.type === 'foreach') walk(step.steps, childPath(at, 'steps'));
      if (step.type === 'branch') {
        if (Array.isArray(step.cases)) {
          step.cases.forEach((entry: unknown, i) => {
            if (isPlainObject(entry)) {
              walk(entry.steps, childPath(childPath(childPath(at, 'cases'), i), 'steps'));
            }
          });
        }
        walk(step.default, childPath(at, 'default'));
      }
    });
  };
  if (isPlainObject(config)) walk(config.steps, 'steps');
  return found;
}
