/**
 * The page's Content-Security-Policy, the same in both hosts (the browser host's HTTP server and Electron's
 * app:// protocol). The renderer needs nothing beyond this: its scripts and styles are files of its own
 * origin, images are served by /media or made locally as blob: (thumbnails), and the WebSocket is
 * same-origin ('self' covers ws: on the same host and port in CSP 3). 'unsafe-inline' styles: React's style
 * attributes.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
