import { DynamicModule, Module, Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { agentKindOptions } from './agent-kind';
import { KindRegistry } from './kind-registry';

/** This folder: the built-in kinds, one `<name>.kind.ts` file each. */
export const KINDS_FOLDER = __dirname;

/** `.kind.js` once built, `.kind.ts` when the sources run directly (the tests). */
const KIND_FILE = new RegExp(`\\.kind\\${extname(__filename)}$`);

/**
 * The `@AgentKind()` classes of every kind file of a folder, in file name order. A kind file
 * holds exactly one: anything else is a mistake worth stopping the process for.
 */
export async function loadKindFiles(folder: string): Promise<Type[]> {
  const kinds: Type[] = [];
  for (const file of readdirSync(folder)
    .filter((name) => KIND_FILE.test(name))
    .sort()) {
    const loaded = (await import(pathToFileURL(join(folder, file)).href)) as Record<
      string,
      unknown
    >;
    // A CommonJS file imported this way also shows its exports as `default`.
    const fallback = loaded.default;
    const exported = new Set([
      ...Object.values(loaded),
      ...(fallback !== null && typeof fallback === 'object' ? Object.values(fallback) : []),
    ]);
    const found = [...exported].filter((value) => agentKindOptions(value) !== undefined);
    if (found.length !== 1) {
      throw new Error(
        `${join(folder, file)} must export exactly one class with @AgentKind() (found ${found.length})`,
      );
    }
    kinds.push(found[0] as Type);
  }
  return kinds;
}

export interface KindsModuleOptions {
  /** The folders whose kind files are loaded (default: this one, the built-in kinds). */
  folders?: string[];
}

let builtIn: Promise<DynamicModule> | undefined;

/**
 * The agent kinds and their registry. Adding a kind is adding its file: no list names it.
 *
 * Why the folder is read: Nest instantiates only the providers a module lists, and a file
 * that nothing imports never runs its decorator. So, like TypeORM's
 * `entities: ['dist/**\/*.entity.js']`, this module imports every `*.kind.js` file of its
 * folder when the application is built and provides the `@AgentKind()` class each one
 * exports; the registry then finds them through Nest's discovery, as it would a kind
 * provided by any other module.
 */
@Module({})
export class KindsModule {
  /** The module; without options, one shared instance of it (it is imported in several places). */
  static register(options: KindsModuleOptions = {}): Promise<DynamicModule> {
    if (!options.folders) return (builtIn ??= KindsModule.load([KINDS_FOLDER]));
    return KindsModule.load(options.folders);
  }

  private static async load(folders: string[]): Promise<DynamicModule> {
    const kinds = (await Promise.all(folders.map(loadKindFiles))).flat();
    return {
      module: KindsModule,
      // One registry per container, reached by the modules that provide a kind of their own
      // (src/workflows/) without importing, and so providing again, the built-in kinds.
      global: true,
      imports: [DiscoveryModule],
      providers: [...kinds, KindRegistry],
      exports: [KindRegistry],
    };
  }
}
