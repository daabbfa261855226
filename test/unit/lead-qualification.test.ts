import { describe, expect, it } from 'vitest';
import type { LogLevel } from '../../src/kinds/agent-kind';
import { RunContext, RunFailure } from '../../src/kinds/agent-kind';
import {
  DEFAULT_FREE_EMAIL_DOMAINS,
  DEFAULT_KEYWORDS,
  LeadQualificationConfig,
  LeadQualificationKind,
  normalizeLead,
  tierFor,
} from '../../src/kinds/lead-qualification.kind';
import { parseKindConfig } from '../../src/kinds/kind-config';
import { refusedAt } from '../support/config-errors';

const kind = new LeadQualificationKind();
const parse = (config: Record<string, unknown>) => parseKindConfig(LeadQualificationConfig, config);

async function run(input: Record<string, unknown>, config: Record<string, unknown> = {}) {
  const logs: { level: LogLevel; message: string }[] = [];
  const ctx: RunContext<LeadQualificationConfig> = {
    executionId: 'exe_test',
    agentId: 'agt_test',
    accountId: 'acc_test',
    config: parse(config),
    log: (level, message) => logs.push({ level, message }),
    signal: new AbortController().signal,
  };
  try {
    const output = await kind.run(input, ctx);
    return { output: output as Record<string, unknown> & { lead: Record<string, unknown> }, logs };
  } catch (error) {
    return { error, logs };
  }
}

const BUSINESS = 'jane@acme.io';

describe('lead-qualification: normalization', () => {
  it.each([
    ['email', { email: 'a@b.co' }, 'a@b.co'],
    ['email', { email_address: 'a@b.co' }, 'a@b.co'],
    ['email', { user_email: 'a@b.co' }, 'a@b.co'],
    ['name', { name: 'Jane' }, 'Jane'],
    ['name', { full_name: 'Jane' }, 'Jane'],
    ['name', { contact_name: 'Jane' }, 'Jane'],
    ['company', { company: 'Acme' }, 'Acme'],
    ['company', { company_name: 'Acme' }, 'Acme'],
    ['company', { organization: 'Acme' }, 'Acme'],
    ['phone', { phone: '555' }, '555'],
    ['phone', { phone_number: '555' }, '555'],
    ['phone', { tel: '555' }, '555'],
    ['message', { message: 'hi' }, 'hi'],
    ['message', { content: 'hi' }, 'hi'],
    ['message', { body: 'hi' }, 'hi'],
    ['message', { inquiry: 'hi' }, 'hi'],
  ])('maps %s from %o', (field, input, expected) => {
    expect(normalizeLead(input)[field as keyof ReturnType<typeof normalizeLead>]).toBe(expected);
  });

  it.each([
    [
      'email',
      { email: 'first@a.co', email_address: 'second@a.co', user_email: 'third@a.co' },
      'first@a.co',
    ],
    ['email', { email_address: 'second@a.co', user_email: 'third@a.co' }, 'second@a.co'],
    ['name', { name: 'A', full_name: 'B', contact_name: 'C' }, 'A'],
    ['name', { full_name: 'B', contact_name: 'C' }, 'B'],
    ['company', { company: 'A', company_name: 'B', organization: 'C' }, 'A'],
    ['company', { company_name: 'B', organization: 'C' }, 'B'],
    ['phone', { phone: '1', phone_number: '2', tel: '3' }, '1'],
    ['phone', { phone_number: '2', tel: '3' }, '2'],
    ['message', { message: 'A', content: 'B', body: 'C', inquiry: 'D' }, 'A'],
    ['message', { content: 'B', body: 'C', inquiry: 'D' }, 'B'],
    ['message', { body: 'C', inquiry: 'D' }, 'C'],
  ])('takes %s from the first name in alias order: %o', (field, input, expected) => {
    expect(normalizeLead(input)[field as keyof ReturnType<typeof normalizeLead>]).toBe(expected);
  });

  it('skips empty and blank strings and non-strings, trims what it takes', () => {
    expect(
      normalizeLead({
        email: '',
        email_address: '   ',
        user_email: '  x@y.co  ',
        name: 42,
        full_name: null,
        contact_name: '\tJane Doe\n',
        company: ['Acme'],
        company_name: { name: 'Acme' },
        organization: '',
        phone: true,
      }),
    ).toEqual({
      email: 'x@y.co',
      name: 'Jane Doe',
      company: null,
      phone: null,
      message: null,
    });
  });

  it('gives null for every absent field', () => {
    expect(normalizeLead({ unrelated: 'value' })).toEqual({
      email: null,
      name: null,
      company: null,
      phone: null,
      message: null,
    });
  });
});

describe('lead-qualification: invalid input', () => {
  it.each([
    ['no email at all', { name: 'Jane' }],
    ['only blank emails', { email: '  ', email_address: '' }],
    ['a non-string email', { email: 42 }],
    ['no @', { email: 'jane.acme.io' }],
    ['no local part', { email: '@acme.io' }],
    ['no domain', { email: 'jane@' }],
    ['no tld', { email: 'jane@acme' }],
    ['an empty label', { email: 'jane@.io' }],
    ['a trailing dot', { email: 'jane@acme.' }],
    ['two @', { email: 'ja@ne@acme.io' }],
    ['a space inside', { email: 'jane doe@acme.io' }],
    ['a one-letter tld', { email: 'jane@acme.i' }],
  ])('fails with invalid_input and an error log for %s', async (_case, input) => {
    const { error, logs } = await run(input);
    expect(error).toBeInstanceOf(RunFailure);
    expect((error as RunFailure).code).toBe('invalid_input');
    expect(logs.filter((entry) => entry.level === 'error')).toHaveLength(1);
  });

  it('takes the first non-empty alias even when a later one would be valid', async () => {
    const { error } = await run({ email: 'not-an-email', email_address: 'ok@acme.io' });
    expect((error as RunFailure).code).toBe('invalid_input');
  });

  it.each(['a@b.co', 'first.last+tag@sub.example.co.uk', 'X@ACME.IO'])(
    'accepts %s',
    async (email) => {
      const { output } = await run({ email });
      expect(output!.lead.email).toBe(email);
    },
  );
});

describe('lead-qualification: scoring', () => {
  it.each([
    ['business email only', { email: BUSINESS }, 30, ['business_email']],
    ['free-mail email only', { email: 'jane@gmail.com' }, 0, []],
    ['free-mail domain in another case', { email: 'jane@GMail.COM' }, 0, []],
    [
      'a subdomain of a free-mail domain is business',
      { email: 'jane@eu.gmail.com' },
      30,
      ['business_email'],
    ],
    ['company', { email: 'j@gmail.com', company: 'Acme' }, 20, ['company']],
    ['name', { email: 'j@gmail.com', name: 'Jane' }, 10, ['name']],
    ['phone with 7 digits', { email: 'j@gmail.com', phone: '555-1234' }, 10, ['phone']],
    ['phone with 6 digits', { email: 'j@gmail.com', phone: '(55) 51-23' }, 0, []],
    ['phone digits counted across symbols', { email: 'j@gmail.com', phone: '+1 (555) 0' }, 0, []],
    [
      'phone of 7 digits in symbols',
      { email: 'j@gmail.com', phone: '+1 (555) 012' },
      10,
      ['phone'],
    ],
    ['phone without digits', { email: 'j@gmail.com', phone: 'call me' }, 0, []],
    [
      'buying keyword',
      { email: 'j@gmail.com', message: 'What is the PRICING?' },
      30,
      ['buying_intent'],
    ],
    [
      'keyword inside a word',
      { email: 'j@gmail.com', message: 'priceless' },
      30,
      ['buying_intent'],
    ],
    ['no keyword', { email: 'j@gmail.com', message: 'hello there' }, 0, []],
    ['blank company does not score', { email: 'j@gmail.com', company: '  ' }, 0, []],
    [
      'every rule, capped at 100',
      {
        email: BUSINESS,
        company: 'Acme',
        name: 'Jane',
        phone: '5551234567',
        message: 'demo please',
      },
      100,
      ['business_email', 'company', 'name', 'phone', 'buying_intent'],
    ],
    [
      'reasons follow rule order whatever the input order',
      { message: 'budget', phone: '5551234', name: 'J', email: 'j@gmail.com' },
      50,
      ['name', 'phone', 'buying_intent'],
    ],
  ])('%s', async (_case, input, score, reasons) => {
    const { output } = await run(input);
    expect(output!.score).toBe(score);
    expect(output!.reasons).toEqual(reasons);
  });

  it.each(DEFAULT_KEYWORDS)('counts the default keyword "%s"', async (keyword) => {
    const { output } = await run({
      email: 'j@gmail.com',
      message: `About ${keyword.toUpperCase()}.`,
    });
    expect(output!.reasons).toEqual(['buying_intent']);
  });

  it.each(DEFAULT_FREE_EMAIL_DOMAINS)('treats %s as free mail', async (domain) => {
    const { output } = await run({ email: `someone@${domain}` });
    expect(output!.score).toBe(0);
  });

  it.each([
    [0, 'cold'],
    [39, 'cold'],
    [40, 'warm'],
    [69, 'warm'],
    [70, 'hot'],
    [100, 'hot'],
  ])('tier of score %i is %s', (score, tier) => {
    expect(tierFor(score)).toBe(tier);
  });

  it.each([
    ['30 is cold', { email: BUSINESS }, 'cold'],
    ['40 is warm', { email: 'j@gmail.com', company: 'Acme', name: 'J', phone: '5551234' }, 'warm'],
    ['60 is warm', { email: BUSINESS, message: 'quote' }, 'warm'],
    ['70 is hot', { email: BUSINESS, company: 'A', name: 'J', phone: '5551234' }, 'hot'],
  ])('scored tier: %s', async (_case, input, tier) => {
    expect((await run(input)).output!.tier).toBe(tier);
  });

  it('outputs qualified, score, tier, reasons and the normalized lead', async () => {
    const { output, logs } = await run({
      user_email: ' jane@acme.io ',
      full_name: 'Jane Doe',
      organization: 'Acme',
      tel: '+1 555 123 4567',
      inquiry: 'Can we get a demo?',
      extra: 'ignored',
    });
    expect(output).toEqual({
      qualified: true,
      score: 100,
      tier: 'hot',
      reasons: ['business_email', 'company', 'name', 'phone', 'buying_intent'],
      lead: {
        email: 'jane@acme.io',
        name: 'Jane Doe',
        company: 'Acme',
        phone: '+1 555 123 4567',
        message: 'Can we get a demo?',
      },
    });
    expect(logs.some((entry) => entry.level === 'info')).toBe(true);
    expect(logs.some((entry) => entry.level === 'error')).toBe(false);
  });

  it.each([
    ['below the default threshold 50', { email: BUSINESS, name: 'J' }, 40, false],
    ['at the default threshold 50', { email: BUSINESS, company: 'A' }, 50, true],
  ])('qualified %s', async (_case, input, score, qualified) => {
    const { output } = await run(input);
    expect(output!.score).toBe(score);
    expect(output!.qualified).toBe(qualified);
  });
});

describe('lead-qualification: config', () => {
  it('threshold replaces 50', async () => {
    const input = { email: BUSINESS };
    expect((await run(input, { threshold: 30 })).output!.qualified).toBe(true);
    expect((await run(input, { threshold: 31 })).output!.qualified).toBe(false);
    expect((await run({ email: 'j@gmail.com' }, { threshold: 0 })).output!.qualified).toBe(true);
  });

  it('free_email_domains replaces the default list', async () => {
    const config = { free_email_domains: ['acme.io'] };
    expect((await run({ email: BUSINESS }, config)).output!.reasons).toEqual([]);
    expect((await run({ email: 'j@gmail.com' }, config)).output!.reasons).toEqual([
      'business_email',
    ]);
    expect(
      (await run({ email: 'j@ACME.io' }, { free_email_domains: ['Acme.IO'] })).output!.score,
    ).toBe(0);
  });

  it('keywords replace the default list', async () => {
    const config = { keywords: ['Urgent'] };
    expect(
      (await run({ email: 'j@gmail.com', message: 'urgent!' }, config)).output!.reasons,
    ).toEqual(['buying_intent']);
    expect(
      (await run({ email: 'j@gmail.com', message: 'pricing' }, config)).output!.reasons,
    ).toEqual([]);
    expect(
      (await run({ email: 'j@gmail.com', message: 'pricing' }, { keywords: [] })).output!.score,
    ).toBe(0);
  });

  it('keeps only the given settings, normalized', () => {
    expect(parse({})).toEqual({});
    expect(parse({ threshold: 70, free_email_domains: [' Corp.com '], keywords: ['RFP'] })).toEqual(
      { threshold: 70, free_email_domains: ['corp.com'], keywords: ['rfp'] },
    );
  });

  it.each([
    [{ threshold: '50' }, 'threshold must be a number'],
    [{ threshold: 101 }, 'threshold must be between 0 and 100'],
    [{ keywords: 'demo' }, 'keywords must be an array'],
    [{ free_email_domains: ['ok.com', ' '] }, 'free_email_domains[1] must be a non-empty string'],
    [
      { unknown: true },
      'Unknown config field "unknown"; allowed: threshold, free_email_domains, keywords',
    ],
  ])('explains %o: %s', (config, message) => {
    expect(() => parse(config as Record<string, unknown>)).toThrow(message);
  });

  it.each([
    [{ threshold: '50' }, 'threshold'],
    [{ threshold: -1 }, 'threshold'],
    [{ threshold: 101 }, 'threshold'],
    [{ threshold: null }, 'threshold'],
    [{ free_email_domains: 'gmail.com' }, 'free_email_domains'],
    [{ free_email_domains: ['ok.com', ''] }, 'free_email_domains'],
    [{ free_email_domains: [1] }, 'free_email_domains'],
    [{ keywords: 'demo' }, 'keywords'],
    [{ keywords: ['demo', null] }, 'keywords'],
    [{ unknown: true }, 'unknown'],
  ])('rejects %o naming %s', (config, path) => {
    expect(refusedAt(() => parse(config as Record<string, unknown>))).toBe(path);
  });
});
