// Which links may leave the app for the system browser: one rule for the page (what it offers to open)
// and the host (what it opens).

/** The URL when it parses and is http(s); anything else (file:, javascript:, custom schemes) is refused. */
export function safeExternalUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}
