import type { ThemeFieldProps } from '../field-support';
import { FileListEditor } from '../FileListEditor/FileListEditor';

/** arrayConfig type 'doc': documents. The same rules as attachments; the picker proposes PDFs. */
export function DocumentListField(props: ThemeFieldProps) {
  return <FileListEditor field={props} variant="doc" />;
}
