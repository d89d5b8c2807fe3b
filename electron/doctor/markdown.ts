import type { CheckResult, CheckStatus } from './types.ts';

export interface CheckReportMeta {
  /** the service's root address */
  baseUrl: string;
  connectionName?: string;
  version?: string;
  /** ms since the epoch */
  at?: number;
}

const MARK: Record<CheckStatus, string> = {
  pass: '✅ pass',
  warn: '⚠️ warn',
  fail: '❌ fail',
  info: 'ℹ️ info',
};

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** The results as a Markdown report a user can paste into an issue. */
export function checksToMarkdown(results: readonly CheckResult[], meta: CheckReportMeta): string {
  const counts = (['pass', 'warn', 'fail'] as const).map(
    (status) => `${results.filter((r) => r.status === status).length} ${status}`,
  );
  const lines = [
    '# Quartet connection check',
    '',
    `- Service: ${meta.baseUrl}${meta.connectionName ? ` (${meta.connectionName})` : ''}`,
    ...(meta.version ? [`- Quartet: ${meta.version}`] : []),
    ...(meta.at !== undefined ? [`- When: ${new Date(meta.at).toISOString()}`] : []),
    `- Summary: ${counts.join(', ')}`,
    '',
    '| Result | Group | Check | Detail |',
    '| --- | --- | --- | --- |',
    ...results.map((r) => `| ${MARK[r.status]} | ${cell(r.group)} | ${cell(r.name)} | ${cell(r.detail)} |`),
  ];
  return `${lines.join('\n')}\n`;
}
