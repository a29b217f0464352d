import type { FormTranslation } from '@translator/translate-form';
import type { MediaEntry } from '@translator/ui-schema';

/** An attachment or document list of the translator's MEDIA section, as its panel shows it. */
export interface MediaField { name: string; kind: MediaEntry['kind']; title: string; itemSchema: FormTranslation['schema'] | undefined; maxItems?: number; maxSize?: number }

/** The names of the form's attachment and document lists (the translator's MEDIA section, `ui:options.media`). */
export const mediaNames = (form: FormTranslation): ReadonlySet<string> =>
  new Set((form.uiSchema['ui:options'].media?.fields ?? []).map((entry) => entry.name));

/**
 * The translator's MEDIA section (attachment and document arrays) apart from the rest of the form: the contact
 * show puts the lists in their own panel, the create and edit forms show none (the SMS form has none).
 */
export const splitMedia = (form: FormTranslation): { form: FormTranslation; media: MediaField[] } => {
  const { media: section, ...layout } = form.uiSchema['ui:options'];
  if (!section) return { form, media: [] };
  const listed = mediaNames(form);
  const keep = (name: string): boolean => !listed.has(name);
  const media = section.fields.map((entry): MediaField => {
    const schema = form.schema.properties?.[entry.name];
    return {
      name: entry.name,
      kind: entry.kind,
      title: String(schema?.title ?? entry.name),
      itemSchema: schema?.items,
      maxItems: schema?.maxItems,
      maxSize: entry.kind === 'attachment' ? entry.maxSize : undefined,
    };
  });
  return {
    form: {
      schema: {
        ...form.schema,
        properties: Object.fromEntries(Object.entries(form.schema.properties ?? {}).filter(([n]) => keep(n))),
        required: form.schema.required?.filter(keep),
      },
      uiSchema: {
        ...Object.fromEntries(Object.entries(form.uiSchema).filter(([n]) => keep(n))),
        'ui:order': form.uiSchema['ui:order'].filter(keep),
        'ui:options': { ...layout, groups: layout.groups.map((g) => ({ ...g, fields: g.fields.filter(keep) })).filter((g) => g.fields.length) },
      },
    },
    media,
  };
};

