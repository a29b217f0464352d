import { HTMLSelect, type HTMLSelectProps } from '@blueprintjs/core';
import { forwardRef } from 'react';

/**
 * Blueprint's HTMLSelect with its caret left as decoration: Blueprint titles the caret "Open dropdown" in every
 * language, which a screen reader reads beside the select's own name. The select is named by its label.
 */
export const PlainSelect = forwardRef<HTMLSelectElement, HTMLSelectProps>(function PlainSelect({ iconProps, ...props }, ref) {
  return <HTMLSelect ref={ref} {...props} iconProps={{ ...iconProps, title: undefined }} />;
});
