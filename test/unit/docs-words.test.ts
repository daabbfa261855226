import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  diaryFindings,
  diaryWords,
  filesUnder,
  proseOf,
  scriptComments,
} from '../support/docs-words';

/**
 * The docs and the comments describe the project as it is: no order of work sessions, no
 * tracker reference, no path or section outside the repository (the examples below say which
 * words). A rule is written in docs/ in the project's own words, and a comment points to it,
 * to a decision record or to a benchmark row by its title.
 */
const ROOT = resolve(__dirname, '../..');

const CODE = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs'];

/** What is checked: every Markdown file of these, and the comments of the code folders. */
const AREAS: readonly { readonly name: string; readonly files: () => string[] }[] = [
  { name: 'README.md', files: () => ['README.md'] },
  { name: 'BENCHMARKS.md', files: () => ['BENCHMARKS.md'] },
  {
    name: 'docs/decisions',
    files: () => [
      ...(existsSync(join(ROOT, 'docs/decisions.md')) ? ['docs/decisions.md'] : []),
      ...(existsSync(join(ROOT, 'docs/decisions'))
        ? filesUnder(ROOT, 'docs/decisions', ['.md'])
        : []),
    ],
  },
  {
    name: 'docs (the rest)',
    files: () =>
      filesUnder(ROOT, 'docs', ['.md']).filter(
        (path) => path !== 'docs/decisions.md' && !path.startsWith('docs/decisions/'),
      ),
  },
  { name: 'src/', files: () => filesUnder(ROOT, 'src', CODE) },
  { name: 'web/src/', files: () => filesUnder(ROOT, 'web/src', [...CODE, '.css']) },
  { name: 'test/', files: () => filesUnder(ROOT, 'test', CODE) },
  { name: 'e2e/', files: () => filesUnder(ROOT, 'e2e', CODE) },
  { name: 'scripts/', files: () => filesUnder(ROOT, 'scripts', CODE) },
  { name: 'bench/', files: () => filesUnder(ROOT, 'bench', CODE) },
  { name: 'clients/', files: () => filesUnder(ROOT, 'clients', [...CODE, '.md']) },
  { name: 'examples/', files: () => filesUnder(ROOT, 'examples', [...CODE, '.md']) },
];

describe('the diary-words matcher', () => {
  it.each([
    'BENCHMARKS.md, eighteenth session',
    'the Eighth session measured it',
    'this session',
    'in the last session',
    'a later session will add it',
    'as the previous session did',
    'the 14th session',
    'sessions 8 and 9',
    'eighteenth\nsession (the phrase spans two lines)',
    'issue 20',
    'Issue 19 §3',
    'issues 16 and 17',
    'issue #20',
    'see #20 §3',
    'fixed in #123',
    '../shared/spec/api-v2.md',
    '`../../shared/CONTRACT.md`',
    'spec/api-v2',
    'CONTRACT §6',
    'the contract §10',
    'CONTRACT.md',
    'spec §2 "Inbound webhook payload"',
  ])('finds %j', (text) => {
    expect(diaryWords(text)).not.toEqual([]);
  });

  it.each([
    'the session cookie `aas_session`',
    'the sessions table',
    'a dashboard session',
    'Sign out (ends the dashboard session)',
    'every session of the user ends, this one too',
    'the user who changed it gets a new session at once',
    "this session's CSRF token",
    'this session cookie',
    'the second session token',
    'SESSION_IDLE_MS (12 h) without a request',
    'sessions expire after 12 hours',
    'the server issues a signed cursor',
    'color: #1a1d23;',
    'an entity &#8212; escaped',
    'see [Runs](#1-runs-executions)',
    'HTTP/1.1 requires Host (RFC 9112 §3.2)',
    'pricing, price, quote, demo, buy, purchase, budget, enterprise, contract, trial',
    'a shared/exclusive lock',
    'docs/api.md, Inbound webhook',
    "decision record 'Waiting costs nothing'",
  ])('leaves %j alone', (text) => {
    expect(diaryWords(text)).toEqual([]);
  });

  it('reads comments, not strings or code', () => {
    const source = [
      '#!/usr/bin/env node',
      "const label = 'eighth session'; // the issue 20 fix",
      '/**',
      ' * Kept since the',
      ' * tenth session.',
      ' */',
      'const css = `/* CONTRACT §6 */`;',
      'const ratio = a / b; /* ../shared */',
    ].join('\n');
    const prose = scriptComments('x.ts', source);
    expect(diaryWords(prose).sort()).toEqual(['../shared', 'issue 20', 'tenth session']);
  });
});

describe('docs and comments say what is, not when it was done', () => {
  it.each(AREAS.map((area) => [area.name, area] as const))('%s', (_name, area) => {
    const findings = area
      .files()
      .flatMap((path) => diaryFindings(proseOf(join(ROOT, path))).map((f) => `${path}: ${f}`));
    expect(findings).toEqual([]);
  });
});
