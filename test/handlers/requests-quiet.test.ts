// Background work (a long reply taken into the search index: up to 30 ms of the host's loop) waits until
// no request has run for a while, so that it never shares the loop with a stream the user is waiting for.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRequestRegistry, QUIET_MS } from '../../electron/handlers/requests.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('whenQuiet', () => {
  it('runs once no request has been running for the quiet period, one function per task', () => {
    const requests = createRequestRegistry();
    const ran: string[] = [];
    requests.start('a');
    requests.whenQuiet(() => ran.push('first'));
    requests.whenQuiet(() => ran.push('second'));
    vi.advanceTimersByTime(QUIET_MS * 5);
    expect(ran).toEqual([]); // 'a' is still running
    requests.finish('a');
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['first']); // in a task of its own...
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['first', 'second']); // ...and the next in the next
  });

  it('is pushed back by a request that starts in the quiet period, and stops between functions', () => {
    const requests = createRequestRegistry();
    const ran: number[] = [];
    for (let i = 0; i < 3; i++) requests.whenQuiet(() => ran.push(i));
    vi.advanceTimersByTime(QUIET_MS / 2);
    requests.start('b');
    vi.advanceTimersByTime(QUIET_MS);
    requests.finish('b');
    vi.advanceTimersByTime(QUIET_MS / 2);
    expect(ran).toEqual([]); // the quiet period started again when 'b' ended
    vi.advanceTimersByTime(QUIET_MS / 2);
    expect(ran).toEqual([0]);
    requests.start('c'); // a send right after: the rest waits for it
    vi.advanceTimersByTime(QUIET_MS * 3);
    expect(ran).toEqual([0]);
    requests.finish('c');
    vi.advanceTimersByTime(QUIET_MS);
    expect(ran).toEqual([0, 1]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual([0, 1, 2]);
  });
});
