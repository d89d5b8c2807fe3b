import { useContext, useEffect, useRef, useState } from 'react';
import {
  DEFAULT_CURRENCY,
  MAX_PRICE,
  MAX_PRICE_ROWS,
  PRICE_FIELDS,
  type PriceField,
  type PriceTable,
} from '../../../shared/pricing.ts';
import {
  checkDrafts,
  draftOf,
  EMPTY_DRAFT,
  isBlankDraft,
  mergeRows,
  parsePriceFile,
  toPricesFile,
  type PriceDraft,
  type RowProblem,
  type SkippedRow,
} from '../../../shared/price-table.ts';
import { MAX_MODEL_ID_CHARS } from '../../../shared/limits.ts';
import { fileStamp } from '../../../shared/file-stamp.ts';
import { StoreContext, useStore, type AppStore } from '../../store/index.ts';
import type { PricesEditor } from '../../store/runtime.ts';
import { rich } from '../../i18n/rich.tsx';
import { useT } from '../../i18n/useT.ts';
import type { Translate } from '../../i18n/translate.ts';
import { Button } from '../../components/Button.tsx';
import { JsonFileButton } from '../../components/JsonFileButton.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { Icon } from '../../components/Icon.tsx';
import { downloadText } from '../../components/download.ts';
import { partName } from '../../components/cost/format-cost.ts';
import { selectPrices } from '../../components/cost/Cost.tsx';
import './prices.css';

/** The editor: each row with a key that stays with it when rows above are removed (store/runtime.ts). */
type Editor = PricesEditor;
type EditorRow = Editor['rows'][number];

type ImportReport =
  | {
      file: string;
      added: number;
      replaced: number;
      dropped: number;
      skipped: SkippedRow[];
      saved: boolean;
    }
  | { file: string; error: string };

/** A row with a key new in this store (its runtime counts them), so a test starts from nothing. */
const withKey = (store: AppStore, d: PriceDraft): EditorRow => ({ ...d, key: store.runtime.nextId() });

function editorOf(store: AppStore, table: PriceTable | undefined): Editor {
  return {
    currency: table?.currency ?? DEFAULT_CURRENCY,
    rows: (table?.rows ?? []).map((r) => withKey(store, draftOf(r))),
    dirty: false,
  };
}

/** Whether the editor shows the table as saved. */
function sameTable(e: Editor, table: PriceTable | undefined): boolean {
  const rows = checkDrafts(e.rows).rows;
  const want = table ?? { currency: DEFAULT_CURRENCY, rows: [] };
  if (!rows || e.currency !== want.currency || rows.length !== want.rows.length) return false;
  return rows.every((r, i) => {
    const w = want.rows[i];
    return w !== undefined && r.model === w.model && PRICE_FIELDS.every((f) => r[f] === w[f]);
  });
}

const EXAMPLE = JSON.stringify(
  {
    quartet: 'prices',
    version: 1,
    currency: 'USD',
    unit: 'per million tokens',
    prices: [
      { model: 'gpt-5*', input: 1.25, cachedInput: 0.125, output: 10 },
      { model: 'gpt-5-mini*', input: 0.25, cachedInput: 0.025, output: 2 },
      { model: 'claude-*', input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15 },
      { model: 'gemini-2.5-flash', input: 0.3, cachedInput: 0.075, output: 2.5, thinking: 2.5 },
    ],
  },
  null,
  2,
);

const COMMON_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CNY',
  'JPY',
  'CAD',
  'AUD',
  'CHF',
  'INR',
  'KRW',
  'HKD',
  'SGD',
];

/**
 * Settings > Prices: the user's price per model and pattern (per million tokens), saved whenever the table
 * is valid (on leaving a field, removing a row, importing); imported from and exported to a JSON file.
 */
export function PricesSection() {
  const t = useT();
  const store = useContext(StoreContext);
  const saved = useStore(selectPrices);
  const updateSettings = useStore((s) => s.updateSettings);
  const [editor, setEditorState] = useState<Editor>(
    // what the user typed and left unsaved (a field invalid) is found as it was
    () => store.runtime.unsavedPrices ?? editorOf(store, saved),
  );
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set());
  const [status, setStatus] = useState<'saved' | 'unsaved' | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  // the editor as of the last change, for saves that run after an await or on leaving
  const latest = useRef(editor);
  const setEditor = (e: Editor) => {
    latest.current = e;
    setEditorState(e);
  };

  // The saved table arrives after the page starts (and may change elsewhere): follow it while untouched.
  // (Only when it differs: rebuilding the rows after the editor's own save would take the focus away.)
  useEffect(() => {
    const e = latest.current;
    if (!e.dirty && !sameTable(e, saved)) setEditor(editorOf(store, saved));
  }, [saved, store]);

  const check = checkDrafts(editor.rows);
  const currencyOk = /^[A-Z]{3}$/.test(editor.currency);

  /** Saves the editor when it is valid; otherwise shows every row's problems. Returns whether it saved. */
  const commit = async (next: Editor = latest.current): Promise<boolean> => {
    if (!next.dirty) return true;
    const rows = checkDrafts(next.rows).rows;
    if (!rows || !/^[A-Z]{3}$/.test(next.currency)) {
      setShown(new Set(next.rows.filter((r) => !isBlankDraft(r)).map((r) => r.key)));
      setStatus('unsaved');
      return false;
    }
    const ok = await updateSettings({ prices: { currency: next.currency, rows } });
    if (ok && latest.current === next) {
      setEditor({ ...next, dirty: false });
      setStatus('saved');
    }
    return ok;
  };

  // Leaving Settings: a valid table is saved, an invalid one kept for when the user comes back.
  useEffect(
    () => () => {
      const last = latest.current;
      if (!last.dirty) store.runtime.unsavedPrices = undefined;
      else if (checkDrafts(last.rows).rows && /^[A-Z]{3}$/.test(last.currency)) {
        store.runtime.unsavedPrices = undefined;
        void store
          .getState()
          .updateSettings({ prices: { currency: last.currency, rows: checkDrafts(last.rows).rows ?? [] } });
      } else store.runtime.unsavedPrices = last;
    },
    [store],
  );

  const change = (next: Omit<Editor, 'dirty'>) => {
    const e = { ...next, dirty: true };
    setEditor(e);
    setStatus(null);
    return e;
  };
  const setRow = (key: number, field: keyof PriceDraft, value: string) =>
    change({ ...editor, rows: editor.rows.map((r) => (r.key === key ? { ...r, [field]: value } : r)) });
  const addRow = () => {
    if (editor.rows.length >= MAX_PRICE_ROWS) return;
    const row = withKey(store, EMPTY_DRAFT);
    change({ ...editor, rows: [...editor.rows, row] });
    // the new row's model field takes the focus once it is on screen
    requestAnimationFrame(() =>
      document.querySelector<HTMLInputElement>(`[data-price-row="${row.key}"] input`)?.focus(),
    );
  };
  const removeRow = (key: number) => {
    const e = change({ ...editor, rows: editor.rows.filter((r) => r.key !== key) });
    void commit(e);
  };
  const leaveRow = (key: number) => {
    setShown((s) => new Set(s).add(key));
    void commit();
  };

  const onImport = async (text: string, fileName: string) => {
    const file = { name: fileName };
    const parsed = parsePriceFile(text);
    if (!parsed.ok) {
      setReport({ file: file.name, error: t(`cost.import.error.${parsed.problem}`, { file: file.name }) });
      return;
    }
    const hasRows = editor.rows.some((r) => !isBlankDraft(r));
    if (parsed.currency && parsed.currency !== editor.currency && hasRows) {
      setReport({
        file: file.name,
        error: t('cost.import.error.currencyDiffers', {
          file: file.name,
          fileCurrency: parsed.currency,
          currency: editor.currency,
        }),
      });
      return;
    }
    const merged = mergeRows(editor.rows, parsed.rows);
    const byModel = new Map(editor.rows.map((r) => [r.model.trim().toLowerCase(), r.key]));
    const e = change({
      currency: parsed.currency ?? editor.currency,
      // an updated row keeps its key (and its place); a new one gets its own
      rows: merged.drafts.map((d) => {
        const key = byModel.get(d.model.trim().toLowerCase());
        return key === undefined ? withKey(store, d) : { ...d, key };
      }),
    });
    const ok = await commit(e);
    setReport({ file: file.name, ...merged, skipped: parsed.skipped, saved: ok });
  };

  const exportTable = () => {
    if (!saved) return;
    downloadText(
      `quartet-prices-${fileStamp(Date.now())}.json`,
      'application/json',
      `${JSON.stringify(toPricesFile(saved), null, 2)}\n`,
    );
  };

  return (
    <section className="settings-section prices" aria-labelledby="settings-prices-title" data-testid="prices">
      <div className="settings-section-head">
        <h2 id="settings-prices-title">{t('cost.prices.title')}</h2>
        <p className="faint">{t('cost.prices.intro')}</p>
      </div>
      <div className="prices-currency">
        <label className="field-label" htmlFor="prices-currency">
          {t('cost.prices.currency')}
        </label>
        <input
          id="prices-currency"
          className="input mono"
          data-testid="prices-currency"
          list="prices-currency-list"
          value={editor.currency}
          maxLength={3}
          aria-invalid={!currencyOk}
          aria-describedby="prices-currency-help"
          onChange={(e) => change({ ...editor, currency: e.target.value.trim().toUpperCase() })}
          onBlur={() => void commit()}
        />
        <datalist id="prices-currency-list">
          {COMMON_CURRENCIES.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <p id="prices-currency-help" className={currencyOk ? 'faint' : 'field-error'}>
          {currencyOk ? t('cost.prices.currency.hint') : t('cost.prices.currency.invalid')}
        </p>
      </div>
      <p className="faint prices-rule">
        {rich(t('cost.prices.rule'), {
          pattern: <span translate="no">gpt-5*</span>,
          specific: <span translate="no">gpt-5-mini*</span>,
          dated: <span translate="no">gpt-5-2025-08-07</span>,
        })}
      </p>
      {editor.rows.length > 0 ? (
        <div
          className="prices-table"
          role="group"
          aria-label={t('cost.prices.unit', { currency: editor.currency })}
        >
          <p className="faint prices-unit">{t('cost.prices.unit', { currency: editor.currency })}</p>
          <div className="prices-head" aria-hidden="true">
            <span>{t('cost.prices.model')}</span>
            {PRICE_FIELDS.map((f) => (
              <span key={f}>{partName(t, f)}</span>
            ))}
            <span />
          </div>
          {editor.rows.map((row, i) => (
            <PriceRowEditor
              key={row.key}
              row={row}
              index={i}
              problems={shown.has(row.key) ? (check.problems.get(i) ?? []) : []}
              onChange={(field, value) => setRow(row.key, field, value)}
              onLeave={() => leaveRow(row.key)}
              onRemove={() => removeRow(row.key)}
            />
          ))}
        </div>
      ) : (
        <p className="faint" data-testid="prices-empty">
          {t('cost.prices.empty')}
        </p>
      )}
      <p className="faint prices-blanks">{t('cost.prices.blanks')}</p>
      <div className="prices-actions">
        <Button
          icon="plus"
          onClick={addRow}
          disabled={editor.rows.length >= MAX_PRICE_ROWS}
          data-testid="prices-add"
        >
          {t('cost.prices.add')}
        </Button>
        <JsonFileButton
          label={t('cost.prices.import')}
          testId="prices-import"
          inputTestId="prices-import-file"
          onText={onImport}
        />
        <Button
          icon="download"
          onClick={exportTable}
          disabled={!saved || saved.rows.length === 0}
          data-testid="prices-export"
        >
          {t('cost.prices.export')}
        </Button>
        <span className="prices-status" role="status" data-testid="prices-status">
          {status === 'saved' ? (
            <span className="faint">
              <Icon name="check" size={13} /> {t('cost.prices.saved')}
            </span>
          ) : status === 'unsaved' ? (
            <span className="field-error">{t('cost.prices.unsaved')}</span>
          ) : null}
        </span>
      </div>
      {report ? <ImportResult report={report} /> : null}
      <details className="prices-example">
        <summary>{t('cost.prices.example')}</summary>
        <p className="faint">{t('cost.prices.example.note')}</p>
        <pre className="mono" data-testid="prices-example">
          {EXAMPLE}
        </pre>
      </details>
    </section>
  );
}

function PriceRowEditor(props: {
  row: EditorRow;
  index: number;
  problems: RowProblem[];
  onChange(field: keyof PriceDraft, value: string): void;
  onLeave(): void;
  onRemove(): void;
}) {
  const t = useT();
  const { row, problems } = props;
  const n = props.index + 1;
  const bad = new Set(problems.map((p) => p.field));
  const errorsId = `price-row-${row.key}-errors`;
  const described = problems.length > 0 ? errorsId : undefined;
  return (
    <div
      className="price-row"
      data-price-row={row.key}
      data-testid="price-row"
      onBlur={(e) => {
        // leaving the row, not moving between its fields
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) props.onLeave();
      }}
    >
      <label className="price-cell price-cell--model">
        <span className="price-cell-label">{t('cost.prices.model')}</span>
        <input
          className="input mono"
          value={row.model}
          placeholder="gpt-5*"
          translate="no"
          spellCheck={false}
          aria-label={t('cost.prices.modelLabel', { row: n })}
          aria-invalid={bad.has('model')}
          aria-describedby={described}
          data-testid="price-model"
          onChange={(e) => props.onChange('model', e.target.value)}
        />
      </label>
      {PRICE_FIELDS.map((f) => (
        <label key={f} className="price-cell">
          <span className="price-cell-label">{partName(t, f)}</span>
          <input
            className="input tabular"
            inputMode="decimal"
            value={row[f]}
            aria-label={t('cost.prices.fieldLabel', { field: partName(t, f), row: n })}
            aria-invalid={bad.has(f)}
            aria-describedby={described}
            data-testid={`price-${f}`}
            onChange={(e) => props.onChange(f, e.target.value)}
          />
        </label>
      ))}
      <IconButton
        icon="trash"
        size="s"
        label={t('cost.prices.remove', { row: n })}
        className="price-remove"
        onClick={props.onRemove}
        data-testid="price-remove"
      />
      {problems.length > 0 ? (
        <ul className="price-problems" id={errorsId} data-testid="price-problems">
          {problems.map((p, i) => (
            <li key={i} className="field-error">
              {problemText(t, p)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** One problem of a row, in the page's language. */
export function problemText(t: Translate, p: RowProblem): string {
  switch (p.code) {
    case 'empty':
    case 'space':
      return t(`cost.problem.model.${p.code}`);
    case 'too-long':
      return t('cost.problem.model.too-long', { max: MAX_MODEL_ID_CHARS });
    case 'duplicate':
      return t('cost.problem.model.duplicate', { row: p.row });
    case 'missing':
      return t('cost.problem.missing', { field: partName(t, p.field as PriceField) });
    case 'invalid':
      return t('cost.problem.invalid', { field: partName(t, p.field as PriceField), max: MAX_PRICE });
    case 'not-object':
      return t('cost.problem.not-object');
    case 'unknown-field':
      return t('cost.problem.unknown-field', { name: p.name });
  }
}

function ImportResult(props: { report: ImportReport }) {
  const t = useT();
  const { report } = props;
  if ('error' in report) {
    return (
      <div className="callout callout--error" role="alert" data-testid="prices-import-report">
        <Icon name="alert-circle" size={14} />
        <span>{report.error}</span>
      </div>
    );
  }
  const warn = report.skipped.length > 0 || report.dropped > 0 || !report.saved;
  return (
    <div
      className={`callout ${warn ? 'callout--warning' : 'callout--info'}`}
      role="status"
      data-testid="prices-import-report"
    >
      <Icon name={warn ? 'alert' : 'check-circle'} size={14} />
      <div>
        <p>{t('cost.import.done', { file: report.file, added: report.added, replaced: report.replaced })}</p>
        {report.dropped > 0 ? (
          <p>{t('cost.import.full', { max: MAX_PRICE_ROWS, count: report.dropped })}</p>
        ) : null}
        {report.skipped.length > 0 ? (
          <>
            <p>{t('cost.import.skipped', { count: report.skipped.length })}</p>
            <ul className="prices-skipped" data-testid="prices-skipped">
              {report.skipped.slice(0, 20).map((s) => (
                <li key={s.position}>{skippedText(t, s)}</li>
              ))}
              {report.skipped.length > 20 ? (
                <li>{t('cost.import.more', { count: report.skipped.length - 20 })}</li>
              ) : null}
            </ul>
          </>
        ) : null}
        {!report.saved ? <p>{t('cost.import.notSaved')}</p> : null}
      </div>
    </div>
  );
}

function skippedText(t: Translate, s: SkippedRow): string {
  const reasons = s.problems.map((p) => problemText(t, p)).join(' ');
  return s.model
    ? t('cost.import.rowNamed', { position: s.position, model: s.model, reasons })
    : t('cost.import.row', { position: s.position, reasons });
}
