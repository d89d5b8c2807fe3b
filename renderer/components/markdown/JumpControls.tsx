import { useEffect, useRef, useState, type RefObject } from 'react';
import { IconButton } from '../IconButton.tsx';
import { useT } from '../../i18n/useT.ts';

/** Below this height no reply is taller than any window the app runs in (720x480 at least). */
const MIN_TALL_PX = 300;

/** The element that scrolls `el` (the message list, a compare column), or the page's. */
function scrollerOf(el: HTMLElement): HTMLElement | null {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const overflow = getComputedStyle(p).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return p;
  }
  return document.scrollingElement instanceof HTMLElement ? document.scrollingElement : null;
}

/**
 * Whether the element is taller than the area it scrolls in, kept current as either resizes. The scroller
 * is looked up only once the element is taller than MIN_TALL_PX, so short replies cost one observer.
 */
export function useTallerThanViewport(el: HTMLElement | null): boolean {
  const [tall, setTall] = useState(false);
  useEffect(() => {
    if (!el || typeof ResizeObserver !== 'function') return;
    let scroller: HTMLElement | null = null;
    const check = () => {
      const height = el.getBoundingClientRect().height;
      if (height < MIN_TALL_PX) {
        setTall(false);
        return;
      }
      if (!scroller) {
        scroller = scrollerOf(el);
        if (scroller) observer.observe(scroller);
      }
      setTall(scroller !== null && height > scroller.clientHeight);
    };
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return tall;
}

/**
 * Scrolls the reply's start or end into view. A long reply's groups off screen have estimated heights
 * (content-visibility: auto, markdown.css) that become real as they are shown, so the scroll is repeated
 * for a few frames until it holds.
 */
function jump(el: HTMLElement, where: 'start' | 'end'): void {
  let frames = 0;
  const step = () => {
    el.scrollIntoView({ block: where, inline: 'nearest' });
    if (++frames < 4) requestAnimationFrame(step);
  };
  step();
}

/** Gap between the buttons and the bottom of the view. */
const EDGE_PX = 10;
/** The buttons never rise above this far below the reply's top. */
const TOP_PX = 32;

/**
 * Keeps `bar` at the bottom of the view while the reply runs past it, and at the reply's end otherwise: what
 * `position: sticky` does, done here because the message list moves its rows with transforms, which sticky
 * positioning does not see. The bar is moved with a transform of its own, once per frame at most, and only
 * while its reply is tall.
 */
function useFloatAtBottom(barRef: RefObject<HTMLDivElement | null>, reply: HTMLElement): void {
  useEffect(() => {
    const bar = barRef.current;
    if (!bar) return;
    const scroller = scrollerOf(reply);
    if (!scroller) return;
    let shift = 0;
    let frame = 0;
    const place = () => {
      frame = 0;
      const natural = bar.getBoundingClientRect().bottom - shift;
      const limit = scroller.getBoundingClientRect().bottom - EDGE_PX;
      const highest = reply.getBoundingClientRect().top + TOP_PX;
      shift = Math.min(0, Math.max(limit, highest) - natural);
      bar.style.transform = shift === 0 ? '' : `translateY(${shift}px)`;
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(place);
    };
    place();
    scroller.addEventListener('scroll', schedule, { passive: true });
    const observer = new ResizeObserver(schedule);
    observer.observe(reply);
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', schedule);
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [barRef, reply]);
}

/**
 * Two small buttons that float at the bottom of the view while a reply taller than it is read: back to its
 * start, on to its end. They sit right after the reply's text, with no height of their own (markdown.css).
 */
export function JumpControls(props: { target: HTMLElement }) {
  const t = useT();
  const bar = useRef<HTMLDivElement>(null);
  useFloatAtBottom(bar, props.target);
  const go = (where: 'start' | 'end') => jump(props.target, where);
  return (
    <div className="md-jump" data-testid="reply-jump" ref={bar}>
      <IconButton
        icon="chevron-up"
        size="s"
        label={t('reading.jumpStart')}
        data-testid="jump-start"
        onClick={() => go('start')}
      />
      <IconButton
        icon="chevron-down"
        size="s"
        label={t('reading.jumpEnd')}
        data-testid="jump-end"
        onClick={() => go('end')}
      />
    </div>
  );
}
