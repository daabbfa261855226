import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { ApiError } from '../../common/api-error';
import { AGENT_KIND, AgentKind, ConfigValidationError } from './agent-kind';

/** Every agent kind of the process, discovered from providers marked `@AgentKindProvider()`. */
@Injectable()
export class KindRegistry implements OnModuleInit {
  private readonly kinds = new Map<string, AgentKind>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const { instance, metatype } = wrapper;
      if (!instance || !metatype || !this.reflector.get<boolean>(AGENT_KIND, metatype as Function))
        continue;
      const kind = instance as AgentKind;
      if (this.kinds.has(kind.name)) throw new Error(`Duplicate agent kind "${kind.name}"`);
      this.kinds.set(kind.name, kind);
    }
  }

  names(): string[] {
    return [...this.kinds.keys()].sort();
  }

  /** Every kind, sorted by name. */
  all(): AgentKind[] {
    return this.names().map((name) => this.kinds.get(name)!);
  }

  has(name: string): boolean {
    return this.kinds.has(name);
  }

  get(name: string): AgentKind {
    const kind = this.kinds.get(name);
    if (!kind) throw new Error(`Unknown agent kind "${name}"`);
    return kind;
  }

  /** Validates a kind name and its config for the API: 400 with the offending field. */
  validate(name: unknown, config: Record<string, unknown>): Record<string, unknown> {
    if (typeof name !== 'string' || !this.kinds.has(name)) {
      throw ApiError.invalid('kind', `Unknown agent kind; allowed: ${this.names().join(', ')}`);
    }
    try {
      return this.kinds.get(name)!.validateConfig(config);
    } catch (error) {
      if (error instanceof ConfigValidationError) {
        throw ApiError.invalid(error.path ? `config.${error.path}` : 'config', error.message);
      }
      throw error;
    }
  }
}
