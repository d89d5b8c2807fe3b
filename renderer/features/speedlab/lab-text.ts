// How the lab writes its rows and figures: one place for the form, the charts and the table.
import { SHORT_FORMAT_NAMES } from '../../../shared/formats.ts';
import type { LabRow } from '../../../shared/speedlab.ts';
import { formatNumber } from '../../i18n/translate.ts';
import { activeLocale } from '../../i18n/active.ts';

/** A row as the charts and the table name it: connection, format, model. */
export function rowLabel(row: Pick<LabRow, 'connectionName' | 'format' | 'model'>, index: number): string {
  return `${index + 1}. ${row.connectionName || '?'} · ${SHORT_FORMAT_NAMES[row.format]} · ${row.model}`;
}

/** A figure: whole milliseconds or one decimal for tokens per second; a dash for none. */
export function figure(n: number | undefined, digits = 0): string {
  return n === undefined || !Number.isFinite(n)
    ? '–'
    : formatNumber(activeLocale(), n, { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

export function money(amount: number, currency: string): string {
  const digits = amount !== 0 && amount < 0.01 ? 4 : 2;
  try {
    return formatNumber(activeLocale(), amount, {
      style: 'currency',
      currency,
      maximumFractionDigits: digits,
    });
  } catch {
    return `${figure(amount, digits)} ${currency}`;
  }
}
