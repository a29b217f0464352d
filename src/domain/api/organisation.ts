import type { FromSchema } from 'json-schema-to-ts';
import { envelope, errorResponses, idNameSchema, type IdName, noQuery, noBody } from './common';

/**
 * The organisation lookups of spec 1 §7: outsourcers, call centres (sites) and teams, as id and name lists. They load
 * only for admin, middle, site-manager and manager (spec 1 §6, permission `orgLists`), and answer only what the
 * caller's place in the organisation allows: admin and middle everything, a manager their outsourcer's, a
 * site-manager their sites'. An empty id list in the body means "no narrowing".
 */

const idList = { type: 'array', items: { type: 'string', minLength: 1, maxLength: 100 }, maxItems: 500, uniqueItems: true } as const;

export const siteBodySchema = {
  type: 'object',
  required: ['outsourcerId'],
  properties: {
    /** Outsourcers whose sites to list; empty: every site the caller may see. */
    outsourcerId: idList,
  },
  additionalProperties: false,
} as const;
export type SiteBody = FromSchema<typeof siteBodySchema>;

export const teamBodySchema = {
  type: 'object',
  required: ['siteId'],
  properties: {
    /** Sites whose teams to list; empty: every team the caller may see. */
    siteId: idList,
  },
  additionalProperties: false,
} as const;
export type TeamBody = FromSchema<typeof teamBodySchema>;

const idNameList = envelope({ type: 'array', items: idNameSchema } as const);

const tags = ['organisation'] as const;

export const organisationRoutes = {
  outsourcers: {
    method: 'POST',
    url: '/api/auth/getOutsourcer',
    schema: {
      summary: 'Outsourcers the caller may see (admin, middle: all; manager, site-manager: their own), ordered by name.',
      tags,
      querystring: noQuery,
      body: noBody,
      response: { 200: idNameList, ...errorResponses(401, 403) },
    },
  },
  sites: {
    method: 'POST',
    url: '/api/auth/getSite',
    schema: {
      summary: 'Call centres of the given outsourcers (all when the list is empty), limited to those the caller may see.',
      tags,
      body: siteBodySchema,
      querystring: noQuery,
      response: { 200: idNameList, ...errorResponses(400, 401, 403) },
    },
  },
  teams: {
    method: 'POST',
    url: '/api/auth/getTeam',
    schema: {
      summary: 'Teams of the given call centres (all when the list is empty), limited to those the caller may see.',
      tags,
      body: teamBodySchema,
      querystring: noQuery,
      response: { 200: idNameList, ...errorResponses(400, 401, 403) },
    },
  },
} as const;

export type OrganisationItem = IdName;
export type OrganisationListResponse = { data: OrganisationItem[] };
