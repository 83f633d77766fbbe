/** Starts a browser download of a same-origin file without leaving the page. */
export function triggerDownload(url: string, name = ''): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Saves a file the page holds (an export answered inline) under its name. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  triggerDownload(url, name);
  // The click has handed the file to the browser; the address may go once the event loop turns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file name of a Content-Disposition header (`attachment; filename="x.xlsx"`), or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return plain?.[1] ?? fallback;
}
