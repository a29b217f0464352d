/** Who may open the gallery: admins, and everyone in a development build. */
export const galleryAllowed = (role: string | undefined, development: boolean): boolean => development || role === 'admin';
