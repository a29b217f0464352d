import type { ThemeFieldProps } from '../field-support';
import { FileListEditor } from '../FileListEditor/FileListEditor';

/** arrayConfig type 'attachment': photos and PDFs. */
export function AttachmentListField(props: ThemeFieldProps) {
  return <FileListEditor field={props} variant="attachment" />;
}
