import { FormGroup, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { labelledBy } from '../../widgets/widget-support';

export interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  help?: ReactNode;
  errors?: readonly string[];
  children: ReactNode;
  className?: string;
}

/** Label (with the required mark), the control, help and errors: one layout for the fast form and for rjsf. */
export function FieldShell({ id, label, required, help, errors, children, className }: FieldShellProps) {
  const hasErrors = Boolean(errors?.length);
  return (
    <FormGroup
      className={className ? `cm-field ${className}` : 'cm-field'}
      label={<span id={labelledBy(id)}>{label}</span>}
      labelFor={id}
      labelInfo={required ? <span className="cm-required" aria-hidden="true">*</span> : undefined}
      intent={hasErrors ? Intent.DANGER : Intent.NONE}
      helperText={hasErrors || help ? (
        <>
          {help ? <span className="cm-help">{help}</span> : null}
          {hasErrors ? <span className="cm-errors" role="alert" id={`${id}__error`}>{errors?.join(' · ')}</span> : null}
        </>
      ) : undefined}
    >
      {children}
    </FormGroup>
  );
}
