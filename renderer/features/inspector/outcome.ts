// How a request ended: the HTTP status and, apart from it, what happened after it. A stream stopped or
// broken after its 200 is not a failed request (the 200 stays a 200), nor a success (it is marked).
import type { ExchangeSummary } from '../../../shared/contract.ts';
import type { ErrorKind } from '../../../shared/errors.ts';
import { t } from '../../i18n/active.ts';

export type OutcomeTone = 'ok' | 'warn' | 'fail' | 'pending';

export interface Outcome {
  /** the status column: "200", "401", "–" */
  code: string;
  codeTone: OutcomeTone;
  /** what happened after (or instead of) the status: "stopped", "cut off", "no answer" */
  note?: { text: string; tone: OutcomeTone };
  /** one line for the detail: "HTTP 200, then stopped by you" */
  long: string;
}

export function exchangeOutcome(
  status: number | undefined,
  error: { kind?: ErrorKind | undefined } | undefined,
): Outcome {
  const stopped = error?.kind === 'aborted';
  if (status === undefined) {
    if (error === undefined) return { code: '…', codeTone: 'pending', long: t('inspector.outcome.waiting') };
    return stopped
      ? {
          code: '–',
          codeTone: 'pending',
          note: { text: t('inspector.outcome.stopped'), tone: 'warn' },
          long: t('inspector.outcome.stoppedBefore'),
        }
      : {
          code: '–',
          codeTone: 'fail',
          note: { text: t('inspector.outcome.noAnswer'), tone: 'fail' },
          long: t('inspector.outcome.noResponse'),
        };
  }
  const codeTone: OutcomeTone = status >= 400 ? 'fail' : status >= 300 ? 'warn' : 'ok';
  const code = String(status);
  if (status >= 400 || error === undefined) return { code, codeTone, long: `HTTP ${status}` };
  return stopped
    ? {
        code,
        codeTone,
        note: { text: t('inspector.outcome.stopped'), tone: 'warn' },
        long: t('inspector.outcome.thenStopped', { status: code }),
      }
    : {
        code,
        codeTone,
        note: { text: t('inspector.outcome.cutOff'), tone: 'fail' },
        long: t('inspector.outcome.thenBroke', { status: code }),
      };
}

/** The outcome of a listed request (its summary names the error's kind, not the error). */
export function summaryOutcome(x: ExchangeSummary): Outcome {
  return exchangeOutcome(x.status, x.error === undefined ? undefined : { kind: x.errorKind });
}
