import type { CheckResult, CheckStatus } from '../../shared/contract.ts';
import type { ModelInfo, ServiceClient } from '../core/index.ts';

export type { CheckResult, CheckStatus };

/** What each check group receives: the client, the caller's stop signal, and where results go. */
export interface CheckContext {
  client: ServiceClient;
  signal?: AbortSignal | undefined;
  report(result: CheckResult): void;
}

/** The model list as the later groups use it; undefined when it could not be fetched. */
export type ModelList = ModelInfo[] | undefined;
