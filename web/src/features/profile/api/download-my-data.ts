import { type DataExport, dataExportFileName } from '@cashtips/contract/data-rights';
import { useMutation } from '@tanstack/react-query';
import { requestWithHeaders } from '../../../lib/api-client.ts';

/** The file name the server gave (Content-Disposition), else the same rule computed here. */
function fileNameOf(headers: Headers): string {
  const named = /filename="?([^";]+)"?/i.exec(headers.get('content-disposition') ?? '');
  return named?.[1] ?? dataExportFileName(new Date());
}

/** Hands a file to the browser's download, as a link to it clicked would. */
function saveFile(contents: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([contents], { type: 'application/json' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // After the click has started the download: revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * GET /api/users/me/export: everything held about the user (PRODUCT 13), saved as a JSON file. Fetched
 * through the API client (it carries the bearer token, which a plain link could not) and saved from memory.
 */
export async function downloadMyData(): Promise<{ fileName: string }> {
  const { body, headers } = await requestWithHeaders<DataExport>('GET', '/users/me/export');
  const fileName = fileNameOf(headers);
  saveFile(`${JSON.stringify(body, null, 2)}\n`, fileName);
  return { fileName };
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
