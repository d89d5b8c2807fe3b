import { createContext, useContext, useEffect } from 'react';
import { useStore } from '../../store/index.ts';
import type { TextFormat } from '../../../shared/formats.ts';

/**
 * Tells the store which field's text is not a valid value, so Send waits for it (what is on screen is
 * what is sent); forgets it when the field goes away.
 */
export function useReportInvalid(format: TextFormat, field: string, message: string | null): void {
  const tabReport = useStore((s) => s.setParamInvalid);
  const report = useContext(ParamsInvalidContext);
  useEffect(() => {
    if (report) report(field, message);
    else tabReport(format, field, message);
  }, [report, tabReport, format, field, message]);
  useEffect(
    () => () => {
      if (report) report(field, null);
      else tabReport(format, field, null);
    },
    [report, tabReport, format, field],
  );
}

/**
 * Where the fields below report a value that is not valid: the chat tab's store unless a provider gives
 * another receiver (Compare keeps them per column). The receiver must be stable (useCallback).
 */
export const ParamsInvalidContext = createContext<((field: string, message: string | null) => void) | null>(
  null,
);
