import { CONTACT_ID_PATTERN } from '@domain/constants';

const contactIdPattern = new RegExp(CONTACT_ID_PATTERN);
export const isContactId = (id: string | undefined): id is string => typeof id === 'string' && contactIdPattern.test(id);

/** Pages from which the workspace cannot be switched (spec 1 §4). */
export const isContactDetailPath = (path: string): boolean => /^\/contacts\/(show|edit)(\/|$)/.test(path);

export const isEmbedPath = (path: string): boolean => path.startsWith('/contacts/embed/');

/** The breadcrumb of spec 1 §2: one crumb per path segment, each linking to the path up to it. */
export const breadcrumbTrail = (path: string): Array<{ segment: string; path: string }> => {
  const segments = path.split('/').filter(Boolean);
  return segments.map((segment, index) => ({ segment: decodeURIComponent(segment), path: `/${segments.slice(0, index + 1).join('/')}` }));
};

/**
 * A path's parameters when it matches a route pattern (`/contacts/show/:id`), else null; a parameter that does not
 * decode does not match. Before the app exists (early-loads.ts) react-router is not loaded yet, hence this one.
 */
export const matchPathPattern = (pattern: string, pathname: string): Record<string, string> | null => {
  const wanted = pattern.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    if (!segment.startsWith(':')) {
      if (segment !== given[index]) return null;
      continue;
    }
    const value = safeDecode(given[index]);
    if (value === null) return null;
    params[segment.slice(1)] = value;
  }
  return params;
};

const safeDecode = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};
