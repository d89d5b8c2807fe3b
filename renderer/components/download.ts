/** Starts a browser download of text the page already has (an export, a report). */
export function downloadText(filename: string, mime: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mime }));
  try {
    downloadUrl(url, filename);
  } finally {
    // give the browser a moment to start reading the blob before it goes away
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** Clicks a temporary <a download> for a URL (the browser host's way of saving a file). */
export function downloadUrl(url: string, filename?: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = filename ?? '';
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
}
