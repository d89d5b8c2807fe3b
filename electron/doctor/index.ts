// The connection check ("doctor"): one module per check group, run in order. A fuller spec-conformance
// doctor adds groups here.
import type { ServiceClient } from '../core/index.ts';
import { checkAddresses } from './addresses.ts';
import { checkImages } from './images.ts';
import { checkModelList } from './model-list.ts';
import { checkTextFormats } from './text-formats.ts';
import type { CheckResult } from './types.ts';

export { checksToMarkdown, type CheckReportMeta } from './markdown.ts';
export { modelListShapeProblem } from './model-list.ts';
export { pickImageModel, pickTextModel } from './pick-model.ts';
export type { CheckResult } from './types.ts';

export interface CheckOptions {
  /** also generate one image (it costs one) */
  images?: boolean | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * Runs the checks against `client`, handing each result to `onResult` as it finishes; resolves with all
 * of them. A stopped run resolves with the results so far.
 */
export async function runConnectionChecks(
  client: ServiceClient,
  options: CheckOptions,
  onResult: (result: CheckResult) => void,
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const ctx = {
    client,
    signal: options.signal,
    report(result: CheckResult) {
      results.push(result);
      onResult(result);
    },
  };
  checkAddresses(ctx);
  if (options.signal?.aborted) return results;
  const models = await checkModelList(ctx);
  if (options.signal?.aborted) return results;
  await checkTextFormats(ctx, models);
  if (options.images && !options.signal?.aborted) await checkImages(ctx, models);
  return results;
}
