/**
 * The contact just taken (take, take next): its screen focuses the first editable field once, so the agent types
 * straight away. Opening a contact any other way leaves the focus alone.
 */
let taken: string | null = null;

export const noteTaken = (id: string): void => {
  taken = id;
};

/** True once for the contact last noted. */
export const consumeTaken = (id: string): boolean => {
  if (taken !== id) return false;
  taken = null;
  return true;
};
