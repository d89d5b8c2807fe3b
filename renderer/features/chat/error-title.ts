import type { AppError } from '../../../shared/errors.ts';
import { t } from '../../i18n/active.ts';
import type { MessageKey } from '../../i18n/translate.ts';

/** Heading of an inline error card: the HTTP status when there is one, else what happened. */
export function errorTitle(e: AppError): string {
  if (e.status !== undefined) {
    const vendor = e.vendorType ?? e.vendorCode;
    return `HTTP ${e.status}${vendor ? ` · ${vendor}` : ''}`;
  }
  return t(`chat.error.${e.kind}` satisfies MessageKey);
}
