// Saving something the page holds as a file on the device, through a Blob link: the capture screen's CSV
// backup (no server involved, so it works offline) and the privacy screen's person export.

export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the Blob after click() returns; give them a moment before it is freed.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
