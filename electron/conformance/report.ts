// Emitting results: one place builds every CheckResult, so ids, groups and the one-line detail rule hold
// everywhere (redaction happens where results leave runConformance).
import type { CheckStatus, Ctx } from './types.ts';
import { FORMAT_LABELS } from '../../shared/formats.ts';

export type Group =
  'addresses' | 'models' | 'chat' | 'responses' | 'messages' | 'generate' | 'images' | 'errors';

export const GROUP_LABELS: Record<Group, string> = {
  ...FORMAT_LABELS,
  addresses: 'Addresses',
  errors: 'Errors',
};

/** Reports `${group}.${check}` with a one-line detail. */
export function emit(
  ctx: Ctx,
  group: Group,
  check: string,
  name: string,
  status: CheckStatus,
  detail: string,
): void {
  ctx.report({ id: `${group}.${check}`, group, name, status, detail });
}

/** The line a skipped group shows, once, instead of its checks. */
export function skip(ctx: Ctx, group: Group, why: string): void {
  emit(ctx, group, 'skipped', 'Skipped', 'info', `skipped: ${why}`);
}

export function ms(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(1)} s` : `${n} ms`;
}
