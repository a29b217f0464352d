import { envelope, errorResponses, noQuery } from './common';

/**
 * QA's fixture gallery (`/gallery`) reads the fixture workspaces from the server, so no fixture data ships in the
 * browser bundle. Admins only (permission `gallery`). Each fixture comes with a few sample contacts, in file order,
 * so it renders the same way every time.
 */

/** How many of a fixture's contacts the gallery gets: enough to page the list and step through samples. */
export const GALLERY_SAMPLE_CONTACTS = 20;

const looseObject = { type: 'object', additionalProperties: true } as const;

export const galleryFixtureParamsSchema = {
  type: 'object',
  required: ['slug'],
  properties: { slug: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' } },
  additionalProperties: false,
} as const;

export const galleryFixtureSchema = {
  type: 'object',
  required: ['slug', 'workspace', 'model', 'contacts', 'enums'],
  properties: {
    slug: { type: 'string' },
    workspace: looseObject,
    model: looseObject,
    contacts: { type: 'array', items: looseObject },
    enums: looseObject,
  },
  additionalProperties: false,
} as const;

const tags = ['gallery'] as const;

export const galleryRoutes = {
  fixtures: {
    method: 'GET',
    url: '/api/cntmng/gallery/fixtures',
    schema: {
      summary: 'The fixture workspaces (folder names under fixtures/workspaces), sorted.',
      tags,
      querystring: noQuery,
      response: { 200: envelope({ type: 'array', items: { type: 'string' } } as const), ...errorResponses(401, 403) },
    },
  },
  fixture: {
    method: 'GET',
    url: '/api/cntmng/gallery/fixtures/:slug',
    schema: {
      summary: `One fixture: its workspace, data model, remote enum values and its first ${GALLERY_SAMPLE_CONTACTS} contacts.`,
      tags,
      params: galleryFixtureParamsSchema,
      querystring: noQuery,
      response: { 200: envelope(galleryFixtureSchema), ...errorResponses(400, 401, 403, 404) },
    },
  },
} as const;
