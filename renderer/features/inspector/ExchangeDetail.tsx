import { useMemo, useState, type ReactNode } from 'react';
import { useStore } from '../../store/index.ts';
import type { Exchange } from '../../../shared/exchange.ts';
import { describeError } from '../../../shared/errors.ts';
import { toCurl } from '../../../shared/curl.ts';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { formatMs, formatWhen } from '../../components/format.ts';
import { EventList } from './EventList.tsx';
import { copyText } from '../../components/clipboard.ts';
import { exchangeOutcome } from './outcome.ts';
import { ExtraBodyNote } from './ExtraBodyNote.tsx';
import { CodeExportButton } from './CodeExport.tsx';
import { t } from '../../i18n/active.ts';
import { interfaceLabel } from '../../i18n/interface-label.ts';

/** Bodies longer than this are shown cut, with a button for the rest (a huge body would freeze the page). */
const BODY_PREVIEW = 60_000;

/** The selected exchange: what was sent, what came back, and when. */
export function ExchangeDetail() {
  const exchange = useStore((s) => s.selectedExchange);
  const selectedId = useStore((s) => s.selectedExchangeId);
  const loading = useStore((s) => s.exchangeLoading);
  const error = useStore((s) => s.exchangeError);

  if (selectedId === null) {
    return <p className="inspector-pad faint">{t('inspector.detail.none')}</p>;
  }
  if (loading && exchange?.id !== selectedId) {
    return (
      <div className="inspector-pad faint">
        <Spinner size={14} /> {t('inspector.detail.loading')}
      </div>
    );
  }
  if (error) {
    return (
      <p className="inspector-pad field-error" role="alert">
        {error.kind === 'not-found' ? t('inspector.detail.gone') : error.message}
      </p>
    );
  }
  if (!exchange) return null;
  return <ExchangeView key={exchange.id} exchange={exchange} />;
}

function ExchangeView({ exchange: x }: { exchange: Exchange }) {
  const outcome = exchangeOutcome(x.status, x.error);
  return (
    <div className="exchange" data-testid="exchange-detail">
      <div className="exchange-summary">
        <div className="exchange-line">
          <span className="exchange-method" translate="no">
            {x.method}
          </span>
          <code className="exchange-url" data-testid="exchange-url">
            {x.url}
          </code>
        </div>
        <div className="exchange-facts">
          <span
            className={`exchange-status is-${outcome.note?.tone ?? outcome.codeTone}`}
            data-testid="exchange-status"
          >
            {outcome.long}
          </span>
          <span className="faint">{interfaceLabel(x.interface)}</span>
          {x.streamed ? <span className="faint">{t('inspector.detail.streamed')}</span> : null}
          {x.attempts > 1 ? (
            <span className="exchange-warn">{t('inspector.detail.attempts', { count: x.attempts })}</span>
          ) : null}
          <span className="faint">{formatWhen(x.startedAt)}</span>
        </div>
        <dl className="exchange-timings">
          <div>
            <dt>{t('inspector.detail.headersMs')}</dt>
            <dd>{formatMs(x.timings.headersMs)}</dd>
          </div>
          <div>
            <dt>{t('inspector.detail.firstEventMs')}</dt>
            <dd>{formatMs(x.timings.firstEventMs)}</dd>
          </div>
          <div>
            <dt>{t('inspector.detail.totalMs')}</dt>
            <dd>{formatMs(x.timings.totalMs)}</dd>
          </div>
        </dl>
        <CurlButton exchange={x} />
      </div>
      {x.error ? (
        <div className="callout callout--error exchange-error" role="note">
          <Icon name="alert-circle" />
          <div>
            <div>{describeError(x.error)}</div>
            {x.error.snippet ? <pre className="exchange-snippet">{x.error.snippet}</pre> : null}
          </div>
        </div>
      ) : null}
      <Section title={t('inspector.detail.requestHeaders')} count={Object.keys(x.requestHeaders).length}>
        <HeaderTable headers={x.requestHeaders} />
      </Section>
      {x.requestBody !== undefined ? (
        <Section title={t('inspector.detail.requestBody')}>
          <ExtraBodyNote exchange={x} />
          <Body text={x.requestBody} />
        </Section>
      ) : null}
      {x.responseHeaders ? (
        <Section title={t('inspector.detail.responseHeaders')} count={Object.keys(x.responseHeaders).length}>
          <HeaderTable headers={x.responseHeaders} />
        </Section>
      ) : null}
      {x.events && x.events.length > 0 ? (
        <Section title={t('inspector.detail.events')} count={x.events.length}>
          <EventList events={x.events} />
        </Section>
      ) : null}
      {x.responseBody !== undefined ? (
        <Section title={t('inspector.detail.responseBody')}>
          <Body text={x.responseBody} />
        </Section>
      ) : null}
    </div>
  );
}

export function Section(props: { title: string; count?: number; children: ReactNode }) {
  return (
    <details className="exchange-section" open>
      <summary>
        <Icon name="chevron-right" size={13} className="exchange-chevron" />
        {props.title}
        {props.count !== undefined ? <span className="faint"> ({props.count})</span> : null}
      </summary>
      <div className="exchange-section-body">{props.children}</div>
    </details>
  );
}

function HeaderTable({ headers }: { headers: Record<string, string> }) {
  const entries = Object.entries(headers).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return <p className="faint">{t('inspector.detail.noHeaders')}</p>;
  return (
    <table className="exchange-headers" translate="no">
      <tbody>
        {entries.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td>{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Pretty JSON when the text is JSON, the raw text otherwise; long text is cut until asked. */
export function Body({ text }: { text: string }) {
  const [all, setAll] = useState(false);
  const pretty = useMemo(() => prettyJson(text), [text]);
  if (text === '') return <p className="faint">{t('inspector.detail.emptyBody')}</p>;
  const shown = all || pretty.length <= BODY_PREVIEW ? pretty : pretty.slice(0, BODY_PREVIEW);
  return (
    <div className="exchange-body">
      <pre className="exchange-pre">{shown}</pre>
      {shown.length < pretty.length ? (
        <Button size="s" variant="ghost" onClick={() => setAll(true)}>
          {t('inspector.detail.showAll', { count: Math.round(pretty.length / 1000) })}
        </Button>
      ) : null}
    </div>
  );
}

/** JSON re-indented for reading; anything else unchanged. */
export function prettyJson(text: string): string {
  const trimmed = text.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return text;
  }
}

function CurlButton({ exchange }: { exchange: Exchange }) {
  const [state, setState] = useState<{ kind: 'copied' | 'manual'; text: string } | null>(null);
  const copy = async () => {
    const text = toCurl(exchange);
    const ok = await copyText(text);
    setState({ kind: ok ? 'copied' : 'manual', text });
  };
  return (
    <div className="exchange-curl">
      <div className="exchange-copy-actions">
        <Button size="s" icon="copy" onClick={() => void copy()} data-testid="copy-curl">
          {t('inspector.curl')}
        </Button>
        <CodeExportButton exchange={exchange} />
      </div>
      {state?.kind === 'copied' ? (
        <div className="exchange-manual">
          <span className="exchange-copied" role="status">
            <Icon name="check" size={13} /> {t('inspector.curl.copied')}
          </span>
          <pre className="exchange-pre exchange-curl-text" data-testid="curl-text">
            {state.text}
          </pre>
        </div>
      ) : null}
      {state?.kind === 'manual' ? (
        <div className="exchange-manual">
          <label className="field-label" htmlFor="curl-text">
            {t('inspector.manualCopy')}
          </label>
          <textarea
            id="curl-text"
            className="textarea mono exchange-curl-text"
            readOnly
            rows={5}
            value={state.text}
            data-testid="curl-text"
            ref={(el) => {
              el?.focus();
              el?.select();
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
