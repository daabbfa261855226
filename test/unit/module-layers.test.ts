import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Modules import one way (the picture is in docs/architecture.md, "Layers").
 * The top-level folders of src/, lowest first. A file may import its own folder and the
 * folders of lower layers, never a higher layer nor another folder of its own layer. Type-only
 * imports count like any other: a type from above is still a dependency on above.
 * `(root)` is the files directly in src/ (the composition of the application).
 */
const LAYERS: readonly (readonly string[])[] = [
  ['config'],
  ['tracing'],
  ['common'],
  ['database', 'metrics'],
  ['queue', 'throttling', 'secret-key', 'events'],
  ['auth'],
  ['users'],
  ['sessions', 'secrets'],
  ['access'],
  ['kinds'],
  ['agents'],
  ['executions'],
  ['runner', 'schedules'],
  ['workflows'],
  ['usage', 'agent-test', 'mcp', 'bulk'],
  ['webhooks'],
  ['webhook-endpoints'],
  ['retention', 'dashboard', 'health'],
  ['docs'],
  ['(root)'],
  ['cli'],
];

const SRC = resolve(__dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative module specifier of a file: imports, re-exports, `import()` and `require()`. */
function specifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node)) {
      const ref = node.moduleReference;
      if (ts.isExternalModuleReference(ref) && ts.isStringLiteral(ref.expression)) {
        found.push(ref.expression.text);
      }
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments.length > 0 &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal))
        found.push(arg.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((spec) => spec.startsWith('.'));
}

/** The top-level folder of src/ a path is in, `(root)` for the files directly in src/. */
function folderOf(path: string): string {
  const parts = relative(SRC, path).split(sep);
  return parts.length > 1 ? parts[0] : '(root)';
}

const layerOf = new Map(LAYERS.flatMap((folders, index) => folders.map((f) => [f, index])));

interface Violation {
  edge: string;
  why: string;
}

/** Why `from` may not import `to` (undefined: it may). */
function verdict(from: string, to: string): string | undefined {
  const [a, b] = [layerOf.get(from), layerOf.get(to)];
  if (a === undefined || b === undefined)
    return `folder "${a === undefined ? from : to}" has no layer`;
  if (b > a) return `${from} (layer ${a}) imports the higher ${to} (layer ${b})`;
  if (b === a) return `${from} and ${to} share layer ${a}: neither imports the other`;
  return undefined;
}

function violations(): Violation[] {
  const found: Violation[] = [];
  for (const file of sourceFiles(SRC)) {
    const from = folderOf(file);
    for (const spec of specifiers(file)) {
      const to = folderOf(resolve(dirname(file), spec));
      if (to === from) continue;
      const why = verdict(from, to);
      if (why) found.push({ edge: `${relative(SRC, file).split(sep).join('/')} -> ${spec}`, why });
    }
  }
  return found;
}

describe('module layers (docs/architecture.md)', () => {
  const found = violations();

  it('every top-level folder of src/ has a layer', () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'types')
      .map((entry) => entry.name);
    expect(folders.filter((folder) => !layerOf.has(folder))).toEqual([]);
    expect([...layerOf.keys()].filter((f) => f !== '(root)' && !folders.includes(f))).toEqual([]);
  });

  it('no file imports a higher layer or a folder of its own layer', () => {
    const unexpected = found.map((v) => `${v.edge}  (${v.why})`);
    expect(unexpected).toEqual([]);
  });

  it('reads every kind of import, and would report a lower layer importing a higher one', () => {
    const imports = specifiers(join(SRC, 'app.module.ts'));
    expect(imports).toContain('./agents/agents-api.module');
    expect(imports).toContain('./config/configuration'); // `import type` too
    expect(specifiers(join(SRC, 'kinds/kinds.module.ts'))).toContain('./agent-kind');
    expect(verdict('config', 'agents')).toMatch(/imports the higher agents/);
    expect(verdict('auth', 'throttling')).toBeUndefined();
    expect(verdict('queue', 'throttling')).toMatch(/share layer/);
  });
});
