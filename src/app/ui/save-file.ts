import type { DownloadedFile } from '@api-client/api-client';

/** The browser's own download of a Blob, through an object URL and the server's filename. */
export const saveWithObjectUrl = ({ blob, filename }: DownloadedFile): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
};
