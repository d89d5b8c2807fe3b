/**
 * KaTeX's stylesheet, put in the page by the math chunk. It is read as text and its fonts pointed at files
 * of the app's own origin, rather than imported as CSS, because Vite inlines assets under 4 KB as data:
 * URLs and KaTeX_Size3's woff2 is 3.6 KB: the page's CSP allows fonts from its own origin only (font-src
 * falls back to default-src 'self'), and would refuse it. Only the woff2 files are kept: every browser the
 * app runs in reads them, so the woff and ttf copies are never fetched.
 */
import css from 'katex/dist/katex.min.css?raw';

const fonts = import.meta.glob<string>('../../../node_modules/katex/dist/fonts/*.woff2', {
  query: '?no-inline',
  import: 'default',
  eager: true,
});

const byName = new Map(
  Object.entries(fonts).map(([file, url]) => [file.slice(file.lastIndexOf('/') + 1, -'.woff2'.length), url]),
);

/** The stylesheet with each @font-face reading its woff2 file from the app's assets. */
export function katexCss(): string {
  return css.replace(/src:url\(fonts\/(KaTeX_[\w-]+)\.woff2\)[^;}]*/g, (whole, name: string) => {
    const url = byName.get(name);
    return url ? `src:url(${JSON.stringify(url)}) format("woff2")` : whole;
  });
}

/** Adds the stylesheet to the page once. */
export function installKatexStyle(): void {
  if (typeof document === 'undefined' || document.querySelector('style[data-katex]')) return;
  const style = document.createElement('style');
  style.dataset.katex = '';
  style.textContent = katexCss();
  document.head.append(style);
}
