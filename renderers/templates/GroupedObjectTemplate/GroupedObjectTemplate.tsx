import { H5 } from '@blueprintjs/core';
import type { ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import type { RendererFormContext } from '../../form-context';
import { GroupSection, groupsOf } from '../../layout/GroupSection/GroupSection';
import { AddressField } from '../../fields/AddressField/AddressField';
import { translatorFor } from '../../i18n/messages';
import type { FormLayout } from '@translator/ui-schema';

/**
 * rjsf's object template: the translator's groups (label, columns) in order, the address fields in their 'Località'
 * section, any other property after them. Nested objects without groups show their title and a one-column grid.
 */
export function GroupedObjectTemplate(props: ObjectFieldTemplateProps<unknown, RJSFSchema, RendererFormContext>) {
  const { properties, uiSchema, title, fieldPathId, registry, formData, errorSchema, readonly, schema } = props;
  // rjsf passes the translator's root options through untyped; nested objects have none.
  const options = (uiSchema?.['ui:options'] ?? {}) as Partial<FormLayout>;
  const byName = new Map(properties.filter((p) => !p.hidden).map((p) => [p.name, p.content]));
  const placed = new Set<string>();
  const groups = groupsOf(options).map((g) => ({ ...g, fields: g.fields.filter((f) => byName.has(f)) })).filter((g) => g.fields.length);
  groups.forEach((g) => g.fields.forEach((f) => placed.add(f)));
  const address = options.address;
  const addressFields = address ? Object.values(address.fields).filter((f) => byName.has(f)) : [];
  addressFields.forEach((f) => placed.add(f));
  const rest = [...byName.keys()].filter((n) => !placed.has(n));
  const isRoot = fieldPathId.path.length === 0;
  return (
    <div className="cm-object" id={fieldPathId.$id}>
      {!isRoot && title ? <H5>{title}</H5> : null}
      {groups.map((g, i) => <GroupSection key={`${i}:${g.label}`} label={g.label} columns={g.columns}>{g.fields.map((f) => byName.get(f))}</GroupSection>)}
      {rest.length ? <GroupSection label="" columns={1}>{rest.map((f) => byName.get(f))}</GroupSection> : null}
      {address && addressFields.length ? (
        registry.formContext?.setValues ? (
          <AddressField
            idPrefix={fieldPathId.$id}
            config={address}
            values={(formData ?? {}) as Record<string, unknown>}
            errors={Object.fromEntries(addressFields.map((f) => [f, (errorSchema as Record<string, { __errors?: string[] }> | undefined)?.[f]?.__errors]))}
            titles={Object.fromEntries(addressFields.map((f) => [f, String((schema.properties?.[f] as { title?: string } | undefined)?.title ?? f)]))}
            readonly={readonly || uiSchema?.['ui:readonly'] === true}
            services={registry.formContext.services}
            t={translatorFor(registry.formContext.locale)}
            locale={registry.formContext.locale}
            onChange={registry.formContext.setValues}
          />
        ) : <GroupSection label={translatorFor(registry.formContext?.locale ?? 'it-IT')('address.title')} columns={3}>{addressFields.map((f) => byName.get(f))}</GroupSection>
      ) : null}
    </div>
  );
}
