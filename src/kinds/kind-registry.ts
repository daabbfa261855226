import { Injectable, OnModuleInit, Type } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { SchemaObject } from '@nestjs/swagger';
import { ApiError } from '../common/api-error';
import { growingLru } from '../common/growing-lru';
import {
  AgentKindHandler,
  AgentKindMetadata,
  AgentKindOptions,
  agentKindOptions,
  ConfigValidationError,
} from './agent-kind';
import { configSchemaOf, parseKindConfig } from './kind-config';

/** A kind as the rest of the service sees it: its `@AgentKind()` options and its instance. */
export interface RegisteredKind {
  readonly name: string;
  readonly description: string;
  readonly configClass: Type<object>;
  /** JSON Schema of the config, from the config class (`GET /v2/agent-kinds`, OpenAPI). */
  readonly configSchema: SchemaObject;
  /** The schemas to put in the OpenAPI document's components (the config's, by class name). */
  readonly schemas: Record<string, SchemaObject>;
  readonly handler: AgentKindHandler<object>;
  /** Declared side-effect-free (`@AgentKind({ pure: true })`). */
  readonly pure: boolean;
  /**
   * The config validated and normalised; throws `ConfigValidationError` naming the field.
   * `cacheKey` (`<agent id>:<version>`) names a stored version's config (see AgentKindHandler).
   */
  parseConfig(config: Record<string, unknown>, cacheKey?: string): Record<string, unknown>;
}

function register(
  options: AgentKindOptions,
  handler: AgentKindHandler<object>,
  others: readonly RegisteredKind[] = [],
): RegisteredKind {
  const { schema, schemas } = options.schema
    ? options.schema(others)
    : configSchemaOf(options.config);
  const parse = handler.parseConfig?.bind(handler);
  // A stored version's config never changes: validated once, kept frozen (every run reads it).
  const parsed = growingLru<string, Record<string, unknown>>(PARSED_CONFIGS);
  const parseOwn = (config: Record<string, unknown>, cacheKey?: string) => {
    const hit = cacheKey === undefined ? undefined : parsed.get(cacheKey);
    if (hit) return hit;
    const value = parseKindConfig(options.config, config) as unknown as Record<string, unknown>;
    if (cacheKey !== undefined) parsed.set(cacheKey, deepFreeze(value));
    return value;
  };
  return {
    pure: options.pure === true,
    name: options.name,
    description: options.description,
    configClass: options.config,
    configSchema: schema,
    schemas,
    handler,
    parseConfig: (config, cacheKey) =>
      parse ? parse(config, cacheKey) : parseOwn(config, cacheKey),
  };
}

/** Parsed configs of stored versions kept per kind. */
const PARSED_CONFIGS = 1000;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** A kind instance as the registry would register it (tests and tools outside Nest). */
export function registeredKind(handler: AgentKindHandler<object>): RegisteredKind {
  const options = agentKindOptions(handler.constructor);
  if (!options) throw new Error(`${handler.constructor.name} does not carry @AgentKind()`);
  return register(options, handler);
}

/** Every agent kind of the process: the providers carrying `@AgentKind()`, found by discovery. */
@Injectable()
export class KindRegistry implements OnModuleInit {
  private readonly kinds = new Map<string, RegisteredKind>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    // Kinds with a schema of their own (built from the other kinds) are registered last.
    const later: [AgentKindOptions, AgentKindHandler<object>][] = [];
    for (const wrapper of this.discovery.getProviders({ metadataKey: AgentKindMetadata.KEY })) {
      const options = this.discovery.getMetadataByDecorator(AgentKindMetadata, wrapper);
      if (!options || !wrapper.instance) continue;
      if (this.kinds.has(options.name) || later.some(([other]) => other.name === options.name)) {
        throw new Error(`Duplicate agent kind "${options.name}"`);
      }
      const handler = wrapper.instance as AgentKindHandler<object>;
      if (options.schema) later.push([options, handler]);
      else this.kinds.set(options.name, register(options, handler));
    }
    const others = this.all();
    for (const [options, handler] of later) {
      this.kinds.set(options.name, register(options, handler, others));
    }
  }

  names(): string[] {
    return [...this.kinds.keys()].sort();
  }

  /** Every kind, sorted by name. */
  all(): RegisteredKind[] {
    return this.names().map((name) => this.kinds.get(name)!);
  }

  has(name: string): boolean {
    return this.kinds.has(name);
  }

  get(name: string): RegisteredKind {
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
      return this.kinds.get(name)!.parseConfig(config);
    } catch (error) {
      if (error instanceof ConfigValidationError) {
        throw ApiError.invalid(error.path ? `config.${error.path}` : 'config', error.message);
      }
      throw error;
    }
  }
}
