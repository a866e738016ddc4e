import type { DownloadedFile } from './client.js';

/**
 * Hands a downloaded file to the browser to save, under the server's name (or `fallbackName`), and says
 * which name that was. The file is in memory already (it came through the console's HTTP client, with the
 * session's token), so a link to it is clicked rather than the API's address opened.
 */
export function saveFile(file: DownloadedFile, fallbackName: string): string {
  const name = file.fileName ?? fallbackName;
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; a minute is plenty before the memory goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
