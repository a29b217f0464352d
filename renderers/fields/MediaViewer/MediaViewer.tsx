import { DialogBody } from '@blueprintjs/core';
import { NamedDialog } from '../../layout/NamedDialog/NamedDialog';
import type { StoredFile } from '../../form-context';

/** The media modal of spec 2 §2.3: an image, or a PDF in an iframe. Renders nothing while closed. */
export function MediaViewer({ file, onClose, title, closeLabel }: { file: StoredFile | null; onClose: () => void; title: string; closeLabel: string }) {
  return (
    <NamedDialog isOpen={file !== null} onClose={onClose} title={file ? `${title}: ${file.name}` : title} closeLabel={closeLabel} style={{ width: '80vw' }} lazy>
      <DialogBody>
        {file?.type === 'application/pdf' ? <iframe title={file.name} src={file.url} style={{ width: '100%', height: '70vh', border: 0 }} /> : null}
        {file && file.type.startsWith('image/') ? <img src={file.url} alt={file.name} style={{ maxWidth: '100%', maxHeight: '70vh' }} /> : null}
      </DialogBody>
    </NamedDialog>
  );
}
