import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsNumber, Max, Min } from 'class-validator';
import { Optional } from '../common/validation';
import { AgentKind, AgentKindHandler, RunContext, RunFailure } from './agent-kind';
import { ConfigCheck, Normalize } from './kind-config';

/**
 * The canonical fields and their aliases, in the order they are looked up (docs/api.md, Agent
 * kinds).
 */
export const LEAD_FIELDS = {
  email: ['email', 'email_address', 'user_email'],
  name: ['name', 'full_name', 'contact_name'],
  company: ['company', 'company_name', 'organization'],
  phone: ['phone', 'phone_number', 'tel'],
  message: ['message', 'content', 'body', 'inquiry'],
} as const;

export type LeadField = keyof typeof LEAD_FIELDS;
export type Lead = Record<LeadField, string | null>;

export const DEFAULT_THRESHOLD = 50;

export const DEFAULT_FREE_EMAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'aol.com',
  'icloud.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'mail.com',
  'yandex.com',
];

export const DEFAULT_KEYWORDS: readonly string[] = [
  'pricing',
  'price',
  'quote',
  'demo',
  'buy',
  'purchase',
  'budget',
  'enterprise',
  'contract',
  'trial',
  'subscription',
];

/** The scoring rules (docs/api.md, Agent kinds), in order: reason code and points. */
export const SCORE_RULES = {
  business_email: 30,
  company: 20,
  name: 10,
  phone: 10,
  buying_intent: 30,
} as const;

export type Reason = keyof typeof SCORE_RULES;
export type Tier = 'hot' | 'warm' | 'cold';

export interface Qualification {
  qualified: boolean;
  score: number;
  tier: Tier;
  reasons: Reason[];
  lead: Lead;
}

/** `local@domain.tld`: no spaces, one `@`, a domain of dot-separated labels, a 2+ char TLD. */
const EMAIL = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]{2,}$/;
const MIN_PHONE_DIGITS = 7;

/** For each canonical field, the first non-empty string among it and its aliases, trimmed. */
export function normalizeLead(input: Record<string, unknown>): Lead {
  const lead = {} as Lead;
  for (const [field, names] of Object.entries(LEAD_FIELDS) as [LeadField, readonly string[]][]) {
    lead[field] = null;
    for (const name of names) {
      const value = input[name];
      if (typeof value === 'string' && value.trim() !== '') {
        lead[field] = value.trim();
        break;
      }
    }
  }
  return lead;
}

export function isValidEmail(email: string): boolean {
  return EMAIL.test(email);
}

export function tierFor(score: number): Tier {
  if (score >= 70) return 'hot';
  if (score >= 40) return 'warm';
  return 'cold';
}

/**
 * Scores a lead whose email is valid (docs/api.md, Agent kinds, scoring). Pure: the kind adds the
 * input checks and the logs.
 */
export function qualifyLead(lead: Lead, config: LeadQualificationConfig = {}): Qualification {
  const freeDomains = config.free_email_domains ?? DEFAULT_FREE_EMAIL_DOMAINS;
  const keywords = config.keywords ?? DEFAULT_KEYWORDS;
  const threshold = config.threshold ?? DEFAULT_THRESHOLD;
  const domain = (lead.email ?? '').split('@').pop()!.toLowerCase();
  const message = (lead.message ?? '').toLowerCase();
  const scored: Record<Reason, boolean> = {
    business_email: lead.email !== null && !freeDomains.includes(domain),
    company: lead.company !== null,
    name: lead.name !== null,
    phone: (lead.phone ?? '').replace(/\D/g, '').length >= MIN_PHONE_DIGITS,
    buying_intent: keywords.some((keyword) => message.includes(keyword.toLowerCase())),
  };
  const reasons = (Object.keys(SCORE_RULES) as Reason[]).filter((reason) => scored[reason]);
  const score = Math.min(
    100,
    reasons.reduce((sum, reason) => sum + SCORE_RULES[reason], 0),
  );
  return { qualified: score >= threshold, score, tier: tierFor(score), reasons, lead };
}

/** A score: a finite number from 0 to 100 (checked in this order, the first failure reported). */
const ScoreField = () =>
  applyDecorators(
    Optional(),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: '$property must be a number' }),
    Min(0, { message: '$property must be between 0 and 100' }),
    Max(100, { message: '$property must be between 0 and 100' }),
  );

/** A list of words or domains: an array of non-empty strings, each trimmed and lower-cased. */
/** A list item as the document states it: a string with something besides white space. */
const NON_BLANK = { type: 'string', pattern: '\\S' } as const;

const WordList = () =>
  applyDecorators(
    Optional(),
    IsArray({ message: '$property must be an array' }),
    ConfigCheck((value, field) => {
      const index = (value as unknown[]).findIndex(
        (item) => typeof item !== 'string' || item.trim() === '',
      );
      return index < 0 ? undefined : `${field}[${index}] must be a non-empty string`;
    }),
    Normalize((list: string[]) => list.map((item) => item.trim().toLowerCase())),
  );

/** The config of a `lead-qualification` agent (docs/api.md, Agent kinds): every field optional. */
export class LeadQualificationConfig {
  @ApiPropertyOptional({
    type: Number,
    minimum: 0,
    maximum: 100,
    default: DEFAULT_THRESHOLD,
    description: 'Score at or above which a lead qualifies',
  })
  @ScoreField()
  threshold?: number;

  @ApiPropertyOptional({
    type: 'array',
    items: NON_BLANK,
    default: [...DEFAULT_FREE_EMAIL_DOMAINS],
    description: 'Domains that do not count as a business email',
  })
  @WordList()
  free_email_domains?: string[];

  @ApiPropertyOptional({
    type: 'array',
    items: NON_BLANK,
    default: [...DEFAULT_KEYWORDS],
    description: 'Words in the message that show buying intent',
  })
  @WordList()
  keywords?: string[];
}
/** `lead-qualification`, the default kind (docs/api.md, Agent kinds). */
@AgentKind({
  name: 'lead-qualification',
  description:
    'Scores a lead (business email, company, name, phone, buying intent) and says whether it qualifies.',
  config: LeadQualificationConfig,
  pure: true,
})
export class LeadQualificationKind implements AgentKindHandler<LeadQualificationConfig> {
  async run(
    input: Record<string, unknown>,
    ctx: RunContext<LeadQualificationConfig>,
  ): Promise<Record<string, unknown>> {
    const lead = normalizeLead(input);
    const present = (Object.keys(lead) as LeadField[]).filter((field) => lead[field] !== null);
    ctx.log('debug', `Normalized fields present: ${present.join(', ') || 'none'}`);
    if (lead.email === null || !isValidEmail(lead.email)) {
      const message =
        lead.email === null
          ? 'The input has no email (looked for: email, email_address, user_email)'
          : 'The email is not of the form local@domain.tld';
      ctx.log('error', `Invalid input: ${message}`);
      throw new RunFailure('invalid_input', message);
    }
    const result = qualifyLead(lead, ctx.config);
    ctx.log(
      'info',
      `Score ${result.score} (${result.tier}), ${result.qualified ? 'qualified' : 'not qualified'}; reasons: ${result.reasons.join(', ') || 'none'}`,
    );
    return result as unknown as Record<string, unknown>;
  }
}
