// The report for people: a Markdown document to share, and a table for the terminal.
import { GROUP_LABELS, ms, type Group } from './report.ts';
import type { CheckResult, CheckStatus, ConformanceReport } from './types.ts';

const MARK: Record<CheckStatus, string> = {
  pass: '✅ pass',
  warn: '⚠️ warn',
  fail: '❌ fail',
  info: 'ℹ️ info',
};

/** The counts, led by the cause when one explains the failures (a refused key). */
export function summaryLine(r: ConformanceReport): string {
  const s = r.summary;
  const counts = `${s.pass} pass, ${s.warn} warn, ${s.fail} fail, ${s.info} info in ${ms(r.durationMs)}`;
  return r.cause !== undefined ? `${r.cause} (${counts})` : counts;
}

function groupsOf(results: readonly CheckResult[]): Array<[string, CheckResult[]]> {
  const groups = new Map<string, CheckResult[]>();
  for (const r of results) {
    const list = groups.get(r.group) ?? [];
    list.push(r);
    groups.set(r.group, list);
  }
  return [...groups.entries()];
}

function groupLabel(group: string): string {
  return GROUP_LABELS[group as Group] ?? group;
}

/** Text in a Markdown table cell: one line, pipes escaped, `<` escaped so `<key>` is not read as HTML. */
function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/</g, '\\<');
}

export function reportToMarkdown(r: ConformanceReport): string {
  const lines = [
    '# Quartet service check',
    '',
    `- Service: ${cell(r.baseUrl)}${r.root !== '' && r.root !== r.baseUrl ? ` (root ${r.root})` : ''}`,
    `- Started: ${new Date(r.startedAt).toISOString()}`,
    `- Result: ${r.summary.fail > 0 ? 'FAILED' : 'passed'}: ${summaryLine(r)}`,
  ];
  for (const [group, results] of groupsOf(r.results)) {
    lines.push('', `## ${groupLabel(group)}`, '', '| Result | Check | Detail |', '| --- | --- | --- |');
    for (const result of results) {
      lines.push(
        `| ${MARK[result.status]} | ${cell(result.name)} (\`${result.id}\`) | ${cell(result.detail)} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

const COLOURS: Record<CheckStatus, string> = { pass: '32', warn: '33', fail: '31', info: '36' };
const MAX_ID_COLUMN = 32;
const MIN_DETAIL_WIDTH = 30;

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = '';
    }
    line = line === '' ? word : `${line} ${word}`;
    // A word longer than the width (an address) is cut into pieces.
    while (line.length > width) {
      lines.push(line.slice(0, width));
      line = line.slice(width);
    }
  }
  if (line !== '') lines.push(line);
  return lines.length > 0 ? lines : [''];
}

export function reportToTable(r: ConformanceReport, opts: { color: boolean; width?: number }): string {
  const paint = (code: string, text: string): string =>
    opts.color ? `\u001b[${code}m${text}\u001b[0m` : text;
  const idWidth = Math.min(MAX_ID_COLUMN, Math.max(0, ...r.results.map((x) => x.id.length)));
  const indent = 2 + 4 + 2 + idWidth + 2;
  const detailWidth = opts.width === undefined ? undefined : opts.width - indent;
  const out = [paint('1', `Quartet service check: ${r.baseUrl}`)];
  for (const [group, results] of groupsOf(r.results)) {
    out.push('', paint('1', groupLabel(group)));
    for (const result of results) {
      const status = paint(COLOURS[result.status], result.status.toUpperCase().padEnd(4));
      const id =
        result.id.length > idWidth ? `${result.id}\n${' '.repeat(indent - 2)}` : result.id.padEnd(idWidth);
      const detail =
        detailWidth === undefined || detailWidth < MIN_DETAIL_WIDTH
          ? [result.detail]
          : wrap(result.detail, detailWidth);
      out.push(`  ${status}  ${id}  ${detail.join(`\n${' '.repeat(indent)}`)}`);
    }
  }
  const verdict = r.summary.fail > 0 ? paint('31;1', 'FAILED') : paint('32;1', 'OK');
  out.push('', `${verdict}  ${summaryLine(r)}`);
  return `${out.join('\n')}\n`;
}
