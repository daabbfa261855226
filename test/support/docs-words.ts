import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Words that make documentation a diary instead of a description of the project as it is:
 * a work session named by its order (an ordinal, or this, last, a later one), a tracker
 * reference (the word issue or a hash sign before a number) and a path or section outside the
 * repository (the shared folder beside it, the specification's and the contract's sections).
 * Docs and comments say why in the present tense and point to a decision record or a
 * benchmark row by its title instead. The examples are in test/unit/docs-words.test.ts.
 *
 * Dashboard sign-in sessions are product words and stay: "session cookie", "sessions table",
 * "dashboard session", "a new session", "every session of the user".
 */
const ORDINALS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
  'twentieth',
  String.raw`\d+(?:st|nd|rd|th)`,
  // An order of work, not a sign-in: the session this text was written in, or another one.
  'this',
  'last',
  'previous',
  'next',
  'later',
  'earlier',
  'following',
].join('|');

/** Nouns after "session" that make it the product's sign-in session ("this session cookie"). */
const PRODUCT_NOUNS = String.raw`cookies?|tokens?|tables?|ids?|rows?|expir\w*|store|lifetime|timeouts?|secrets?|keys?|csrf`;

export const DIARY_PATTERNS: readonly { readonly name: string; readonly pattern: RegExp }[] = [
  {
    name: 'work session',
    pattern: new RegExp(
      String.raw`\b(?:${ORDINALS})[\s-]+sessions?\b(?!(?:'s)?[\s-]+(?:${PRODUCT_NOUNS})\b)|\bsessions?\s+\d+\b`,
      'gi',
    ),
  },
  {
    name: 'tracker reference',
    pattern: /\bissues?\s+#?\d+|(?<![\w&#/])#\d+\b(?![\w-])/gi,
  },
  {
    name: 'outside the repository',
    pattern:
      /\.\.\/shared\b|\/work\/shared\b|\bshared\/(?:spec|CONTRACT|STYLE|STACK)|\bspec\/api-v2|\bCONTRACT(?:\.md\b|\s*§)|\bspec(?:ification)?\s*§/gi,
  },
];

/** The diary words of a text, with white space collapsed (a phrase may span lines). */
export function diaryWords(text: string): string[] {
  const flat = text.replace(/\s+/g, ' ');
  return DIARY_PATTERNS.flatMap(({ pattern }) => [...flat.matchAll(pattern)].map((m) => m[0]));
}

/** Each diary word of a text in its context, for a failure message. */
export function diaryFindings(text: string): string[] {
  const flat = text.replace(/\s+/g, ' ');
  return DIARY_PATTERNS.flatMap(({ name, pattern }) =>
    [...flat.matchAll(pattern)].map((m) => {
      const start = Math.max(0, m.index - 40);
      return `${name}: "${m[0]}" in "…${flat.slice(start, m.index + m[0].length + 40)}…"`;
    }),
  );
}

/** The comments of a TypeScript or JavaScript source, as the parser sees them (not strings). */
export function scriptComments(fileName: string, source: string): string {
  const kind = fileName.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : /\.[cm]?js$/.test(fileName)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, kind);
  const seen = new Set<number>();
  const comments: string[] = [];
  const collect = (ranges: ts.CommentRange[] | undefined): void => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      comments.push(source.slice(range.pos, range.end));
    }
  };
  const visit = (node: ts.Node): void => {
    collect(ts.getLeadingCommentRanges(source, node.pos));
    collect(ts.getTrailingCommentRanges(source, node.end));
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  // `#!/usr/bin/env node` is a shebang, not a comment; the markers are not words.
  return comments.map((text) => text.replace(/^\/\/|^\/\*+|\*+\/$|^\s*\*/gm, ' ')).join('\n');
}

/** The comments of a CSS file. */
export function cssComments(source: string): string {
  return [...source.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => m[0].slice(2, -2)).join('\n');
}

/**
 * What of a file is prose: all of a Markdown file, the comments of code. A source whose whole
 * text (comment markers at the start of lines left out) has no diary word cannot have one in
 * its comments, so only the others are parsed.
 */
export function proseOf(path: string): string {
  const source = readFileSync(path, 'utf8');
  if (path.endsWith('.md')) return source;
  if (diaryWords(source.replace(/^\s*(?:\/\/+|\*+)/gm, ' ')).length === 0) return '';
  if (path.endsWith('.css')) return cssComments(source);
  return scriptComments(path, source);
}

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report']);

/** The files under `dir` (relative to `root`) whose names end with one of `extensions`. */
export function filesUnder(root: string, dir: string, extensions: readonly string[]): string[] {
  const walk = (path: string): string[] =>
    readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
      const child = join(path, entry.name);
      if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : walk(child);
      return extensions.some((ext) => entry.name.endsWith(ext)) ? [relative(root, child)] : [];
    });
  return walk(join(root, dir)).sort();
}
