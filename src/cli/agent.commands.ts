import type { Command } from 'commander';

/** `agent:create` and `seed:demo`: implemented with the Agents module. */
export function registerAgentCommands(program: Command): void {
  void program;
}
