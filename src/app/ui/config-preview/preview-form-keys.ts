import type { Role } from '@domain/roles';
import type { FormSection, FormTranslation, FormView } from '@translator/translate-form';

/** One form the live preview shows: a view, a section and a role. */
export interface PreviewFormKey { view: FormView; section: FormSection; role: Role }
/** Translated forms of one draft, by formKey: made with the check (the editor's draft worker), handed to the preview. */
export type PreparedForms = Record<string, FormTranslation>;

export const formKey = ({ view, section, role }: PreviewFormKey): string => `${view}/${section}/${role}`;

/**
 * The forms the preview translates for a view and role: the admin's create forms (the sample contacts are made
 * from them) and, for a form view, its inputs and outputs (the SMS view's templates are in its inputs).
 */
export const previewFormKeys = (view: FormView | 'list' | 'filters', role: Role): PreviewFormKey[] => {
  const keys: PreviewFormKey[] = [{ view: 'create', section: 'inputs', role: 'admin' }, { view: 'create', section: 'outputs', role: 'admin' }];
  if (view !== 'list' && view !== 'filters') keys.push({ view, section: 'inputs', role }, { view, section: 'outputs', role });
  return keys;
};
