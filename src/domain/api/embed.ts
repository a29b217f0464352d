import type { FromSchema } from 'json-schema-to-ts';
import { CONTACT_ID_PATTERN } from '../constants';
import type { DispositionConfig, DispositionNode } from '../generated/workspace';
import { envelope, errorResponses, noQuery } from './common';
import { contactRowSchema } from './contacts';

/**
 * The calls of the embedded entry (spec 2 §2.7, §2.10, §7): the caller-id lookup (searchRef) and the disposition
 * tree, its save and its read-back. Shared by the server (route schemas) and the browser (API client types).
 */

export type { DispositionConfig, DispositionNode };

/** How many rows searchRef answers at most; `total` still counts every match. */
export const SEARCH_REF_LIMIT = 100;

export const searchRefBodySchema = {
  type: 'object',
  required: ['refValue', 'workspaceIds'],
  properties: {
    /** The input field holding the caller id; default: each workspace's data model modelContactProperty. */
    ref: { type: 'string', minLength: 1, maxLength: 200 },
    /** The caller id. '+39' / '0039' prefixes are ignored when comparing, so 3331234567 matches +393331234567. */
    refValue: { type: 'string', minLength: 1, maxLength: 100 },
    workspaceIds: { type: 'array', minItems: 1, maxItems: 20, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 100 } },
    createdFrom: { type: 'string', format: 'date-time' },
    createdTo: { type: 'string', format: 'date-time' },
  },
  additionalProperties: false,
} as const;
export type SearchRefBody = FromSchema<typeof searchRefBodySchema>;

export const searchRefResultSchema = {
  type: 'object',
  required: ['data', 'total'],
  properties: { data: { type: 'array', items: contactRowSchema }, total: { type: 'integer' } },
  additionalProperties: false,
} as const;
export type SearchRefResponse = FromSchema<typeof searchRefResultSchema>;

const dispositionNodeSchema = {
  type: 'object',
  required: ['value', 'label'],
  properties: {
    value: { type: 'string' },
    label: { type: 'string' },
    /** Nodes of the next level, of the same shape (at most three levels in all). */
    children: { type: 'array' },
  },
  additionalProperties: false,
} as const;

export const dispositionTreeSchema = {
  type: 'object',
  required: ['campaign', 'levels'],
  properties: {
    /** The campaign whose own tree answered, or null when the workspace's default tree did. */
    campaign: { type: ['string', 'null'] },
    levels: { type: 'array', items: dispositionNodeSchema },
  },
  additionalProperties: false,
} as const;
export interface DispositionTree { campaign: string | null; levels: DispositionNode[] }

const workspaceIdParams = {
  type: 'object',
  required: ['workspaceId'],
  properties: { workspaceId: { type: 'string', minLength: 1, maxLength: 100 } },
  additionalProperties: false,
} as const;

export const dispositionQuerySchema = {
  type: 'object',
  properties: { campaign: { type: 'string', maxLength: 200 } },
  additionalProperties: false,
} as const;

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

export const dispositionBodySchema = {
  type: 'object',
  required: ['l1', 'contactId', 'campaign'],
  properties: {
    l1: { type: 'string', minLength: 1, maxLength: 100 },
    l2: { type: ['string', 'null'], maxLength: 100 },
    l3: { type: ['string', 'null'], maxLength: 100 },
    comment: text(2000),
    /** The contact of the call; null when the caller id matched none. */
    contactId: { anyOf: [{ type: 'string', pattern: CONTACT_ID_PATTERN }, { type: 'null' }] },
    campaign: text(200),
    agent: text(200),
    guid: text(200),
    callerid: text(100),
  },
  additionalProperties: false,
} as const;
export type DispositionBody = FromSchema<typeof dispositionBodySchema>;

export const savedDispositionSchema = {
  type: 'object',
  required: ['id', 'workspaceId', 'contactId', 'campaign', 'agent', 'guid', 'callerid', 'l1', 'l2', 'l3', 'labels', 'comment', 'createdBy', 'createdAt'],
  properties: {
    id: { type: 'string' },
    workspaceId: { type: 'string' },
    contactId: { type: ['string', 'null'] },
    campaign: { type: 'string' },
    agent: { type: 'string' },
    guid: { type: 'string' },
    callerid: { type: 'string' },
    l1: { type: 'string' },
    l2: { type: ['string', 'null'] },
    l3: { type: ['string', 'null'] },
    /** The labels of the chosen path, level by level, as they were when saved. */
    labels: { type: 'array', items: { type: 'string' } },
    comment: { type: 'string' },
    createdBy: { type: 'string' },
    createdAt: { type: 'string' },
  },
  additionalProperties: false,
} as const;
export type SavedDisposition = FromSchema<typeof savedDispositionSchema>;

export const savedDispositionQuerySchema = {
  type: 'object',
  properties: {
    contactId: { type: 'string', pattern: CONTACT_ID_PATTERN },
    guid: { type: 'string', minLength: 1, maxLength: 200 },
  },
  additionalProperties: false,
} as const;
export type SavedDispositionQuery = FromSchema<typeof savedDispositionQuerySchema>;

const tags = ['embed'] as const;

export const embedRoutes = {
  searchRef: {
    method: 'POST',
    url: '/api/cntmng/contact/searchRef',
    schema: {
      summary: 'Caller-id lookup: the contacts whose reference field (default: the data model modelContactProperty) equals refValue.',
      description:
        `Searches each listed workspace the user may list, within what the user sees, created between createdFrom and createdTo. ` +
        `Answers at most ${SEARCH_REF_LIMIT} rows (newest first) and the total. A ref that is not an input field: 400 naming it.`,
      tags,
      body: searchRefBodySchema,
      querystring: noQuery,
      response: { 200: searchRefResultSchema, ...errorResponses(400, 401, 403, 404) },
    },
  },
  dispositionTree: {
    method: 'GET',
    url: '/api/cntmng/disposition/:workspaceId',
    schema: {
      summary: "The workspace's disposition tree (three levels at most) for a campaign: the campaign's own tree, else the default.",
      description: 'No dispositionConfig in the workspace: 404.',
      tags,
      params: workspaceIdParams,
      querystring: dispositionQuerySchema,
      response: { 200: envelope(dispositionTreeSchema), ...errorResponses(401, 403, 404) },
    },
  },
  saveDisposition: {
    method: 'POST',
    url: '/api/cntmng/disposition/:workspaceId',
    schema: {
      summary: 'Stores a disposition: l1 is required, and each further level while the chosen node has children.',
      description: "Values are checked against the campaign's tree (400 naming l1, l2 or l3); the contact must be one the user may show.",
      tags,
      params: workspaceIdParams,
      body: dispositionBodySchema,
      querystring: noQuery,
      response: { 200: envelope(savedDispositionSchema), ...errorResponses(400, 401, 403, 404) },
    },
  },
  savedDispositions: {
    method: 'GET',
    url: '/api/cntmng/disposition/:workspaceId/saved',
    schema: {
      summary: 'The dispositions saved for a contact (or a call guid), newest first.',
      description: 'contactId or guid is required (400 otherwise).',
      tags,
      params: workspaceIdParams,
      querystring: savedDispositionQuerySchema,
      response: { 200: envelope({ type: 'array', items: savedDispositionSchema } as const), ...errorResponses(400, 401, 403, 404) },
    },
  },
} as const;

/** The tree a campaign uses: its own, else the workspace default. */
export function dispositionTreeFor(config: DispositionConfig, campaign: string | undefined | null): DispositionTree {
  // Own keys only: a campaign named '__proto__' or 'constructor' is just a campaign with no tree of its own.
  const campaigns = config.campaigns;
  const own = campaign && campaigns && Object.hasOwn(campaigns, campaign) ? campaigns[campaign] : undefined;
  return own ? { campaign: campaign ?? null, levels: own } : { campaign: null, levels: config.levels };
}

export interface DispositionChoice { l1?: string | null; l2?: string | null; l3?: string | null }
export type DispositionLevel = 'l1' | 'l2' | 'l3';

/** The nodes a level offers after the choices above it; empty when the level is not reached. */
export function dispositionOptions(levels: readonly DispositionNode[], choice: DispositionChoice, level: DispositionLevel): DispositionNode[] {
  if (level === 'l1') return [...levels];
  const first = levels.find((node) => node.value === choice.l1);
  if (level === 'l2') return first?.children ?? [];
  const second = first?.children?.find((node) => node.value === choice.l2);
  return second?.children ?? [];
}

/**
 * Whether a choice reaches a final node (spec 2 §2.7: level 1 required, each further level while the chosen node
 * has children). Answers the path of chosen nodes, or the level that is missing or unknown.
 */
/** Why a disposition choice is refused, as data (the server says it in the caller's language). */
export type DispositionRefusal =
  | { code: 'notOffered'; value: string }
  | { code: 'required' }
  | { code: 'requiredUnder'; parent: string }
  | { code: 'unknown'; value: string };

export function checkDispositionChoice(
  levels: readonly DispositionNode[],
  choice: DispositionChoice,
): { ok: true; path: DispositionNode[] } | { ok: false; level: DispositionLevel; message: string; refusal: DispositionRefusal } {
  const path: DispositionNode[] = [];
  let options: readonly DispositionNode[] = levels;
  for (const level of ['l1', 'l2', 'l3'] as const) {
    const value = choice[level];
    if (options.length === 0) {
      if (value) return { ok: false, level, message: `${level}: '${value}' is not offered, the level above has no children`, refusal: { code: 'notOffered', value } };
      continue;
    }
    if (!value) {
      const parent = path.at(-1);
      return parent
        ? { ok: false, level, message: `${level} is required: '${parent.value}' has further levels`, refusal: { code: 'requiredUnder', parent: parent.value } }
        : { ok: false, level, message: `${level} is required`, refusal: { code: 'required' } };
    }
    const node = options.find((item) => item.value === value);
    if (!node) return { ok: false, level, message: `${level}: '${value}' is not a disposition of this level`, refusal: { code: 'unknown', value } };
    path.push(node);
    options = node.children ?? [];
  }
  return { ok: true, path };
}
