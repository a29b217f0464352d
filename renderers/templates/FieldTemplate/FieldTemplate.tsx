import type { FieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import type { RendererFormContext } from '../../form-context';
import { FieldShell } from '../FieldShell/FieldShell';

/** rjsf's field template: objects and hidden fields pass through; every other field gets the shell. */
export function FieldTemplate(props: FieldTemplateProps<unknown, RJSFSchema, RendererFormContext>) {
  const { id, label, required, children, rawErrors, rawHelp, hidden, displayLabel, schema, classNames } = props;
  if (hidden) return <div className="cm-hidden">{children}</div>;
  if (schema.type === 'object' || (!displayLabel && schema.type !== 'boolean')) return <div className={classNames}>{children}</div>;
  return (
    <FieldShell id={id} label={label} required={required} help={rawHelp} errors={rawErrors}>
      {children}
    </FieldShell>
  );
}
