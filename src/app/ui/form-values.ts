/**
 * A value map without its null and undefined entries: what a draft or a new contact actually sets. Spread over
 * stored values, an undefined entry would hide the stored value as surely as a null one, and the server receives
 * neither (JSON leaves undefined out), so both go.
 */
export const withoutNulls = (values: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== undefined));
