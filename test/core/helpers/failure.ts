import { ApiError } from '../../../electron/core/index.ts';
import type { AppError } from '../../../shared/errors.ts';

/** The ApiError a call fails with; fails the test when the call succeeds or throws something else. */
export async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}

export async function failInfo(p: Promise<unknown>): Promise<AppError> {
  return (await failure(p)).info;
}
