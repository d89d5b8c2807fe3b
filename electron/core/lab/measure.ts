// One speed-lab run: a fresh one-turn request, streamed, timed from the moment it is sent; what it
// measured (shared/speedlab.ts LabMeasure), a failure classified by kind rather than thrown.
import { randomUUID } from 'node:crypto';
import { compact } from '../../../shared/compact.ts';
import { defaultParams, type Turn } from '../../../shared/conversation.ts';
import { endReasonOfError, endReasonOfReply } from '../../../shared/end-reason.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import type { PriceTable } from '../../../shared/pricing.ts';
import {
  labErrorKind,
  runCost,
  tokensPerSecond,
  type LabMeasure,
  type LabPlan,
} from '../../../shared/speedlab.ts';
import { ApiError, toAppError } from '../errors/api-error.ts';
import type { ServiceClient } from '../client.ts';

export interface RunTarget {
  client: ServiceClient;
  format: TextFormat;
  model: string;
}

export interface RunSlot {
  row: number;
  run: number;
  /** performance.now() when the lab started */
  labStart: number;
  signal: AbortSignal;
  prices?: PriceTable | undefined;
}

const round = (ms: number): number => Math.round(ms * 10) / 10;

/** Sends one request for `target` and measures it; never throws for the service's failures. */
export async function measureRun(
  target: RunTarget,
  plan: Pick<LabPlan, 'prompt' | 'outputTokens'>,
  slot: RunSlot,
): Promise<LabMeasure> {
  const user: Turn = {
    id: randomUUID(),
    role: 'user',
    text: plan.prompt,
    status: 'complete',
    createdAt: Date.now(),
  };
  const start = performance.now();
  const base = { row: slot.row, run: slot.run, startMs: round(start - slot.labStart) };
  let firstAt: number | undefined;
  let pieces = 0;
  try {
    const reply = await target.client.sendTurn({
      format: target.format,
      model: target.model,
      history: [user],
      params: { ...defaultParams(target.format), stream: true, maxTokens: plan.outputTokens },
      signal: slot.signal,
      onDelta: (d) => {
        if (d.text === undefined && d.thought === undefined) return;
        firstAt ??= performance.now();
        pieces += 1;
      },
    });
    const totalMs = performance.now() - start;
    const firstTokenMs = firstAt === undefined ? undefined : firstAt - start;
    const reported = reply.usage?.output;
    const outputTokens = reported ?? (pieces > 0 ? pieces : undefined);
    const tps = tokensPerSecond(outputTokens, firstTokenMs, totalMs);
    return compact({
      ...base,
      headersMs: reply.exchange.timings.headersMs,
      firstTokenMs: firstTokenMs === undefined ? undefined : round(firstTokenMs),
      tokensPerSecond: tps,
      totalMs: round(totalMs),
      outputTokens,
      usageReported: reported !== undefined,
      endReason: endReasonOfReply(target.format, reply) ?? 'stop',
      cost: runCost(slot.prices, target.format, target.model, reply.model, reply.usage),
      exchangeId: reply.exchange.id,
    });
  } catch (e) {
    const error = toAppError(e);
    const exchange = e instanceof ApiError ? e.exchange : undefined;
    const headersMs = exchange?.timings.headersMs;
    return compact({
      ...base,
      headersMs,
      firstTokenMs: firstAt === undefined ? undefined : round(firstAt - start),
      totalMs: round(performance.now() - start),
      outputTokens: pieces > 0 ? pieces : undefined,
      usageReported: false,
      endReason: endReasonOfError(error) ?? 'service-error',
      error: compact({
        kind: labErrorKind(error, headersMs !== undefined || firstAt !== undefined),
        status: error.status,
        retryAfterMs: error.retryAfterMs,
        message: error.message.slice(0, 1_000),
      }),
      exchangeId: exchange?.id ?? error.exchangeId,
    });
  }
}
