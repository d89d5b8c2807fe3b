import { useMemo, useState } from 'react';
import type { Exchange } from '../../../shared/exchange.ts';
import {
  CODE_LANGUAGE_LABELS,
  CODE_LANGUAGES,
  toCode,
  type CodeLanguage,
  type CodeSnippets,
} from '../../../shared/code-export.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Tabs, tabId, tabPanelId } from '../../components/Tabs.tsx';
import { copyText } from '../../components/clipboard.ts';
import { t } from '../../i18n/active.ts';

const ID_PREFIX = 'code-export';

/** "Copy as code": the exchange as a Python, Node or fetch program, shown in a dialog with a copy button. */
export function CodeExportButton({ exchange }: { exchange: Exchange }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="s" icon="code" onClick={() => setOpen(true)} data-testid="copy-code">
        {t('inspector.code')}
      </Button>
      {open ? <CodeExportDialog exchange={exchange} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function CodeExportDialog({ exchange, onClose }: { exchange: Exchange; onClose(): void }) {
  const [language, setLanguage] = useState<CodeLanguage>('python');
  const [copy, setCopy] = useState<'copied' | 'manual' | null>(null);
  // A record the snippets cannot describe (no URL, a body that is not JSON) says why instead of failing.
  const result = useMemo((): { snippets: CodeSnippets } | { error: string } => {
    try {
      return { snippets: toCode(exchange) };
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e) };
    }
  }, [exchange]);
  const text = 'snippets' in result ? result.snippets[language] : '';

  const choose = (next: CodeLanguage) => {
    setLanguage(next);
    setCopy(null);
  };
  const doCopy = async () => setCopy((await copyText(text)) ? 'copied' : 'manual');

  return (
    <Dialog
      open
      title={t('inspector.code')}
      onClose={onClose}
      size="l"
      className="code-export-dialog"
      testId="code-export-dialog"
      actions={
        'snippets' in result ? (
          <>
            {copy === 'copied' ? (
              <span className="exchange-copied" role="status">
                <Icon name="check" size={13} /> {t('common.copied')}
              </span>
            ) : null}
            <Button variant="primary" icon="copy" onClick={() => void doCopy()} data-testid="code-copy">
              {t('inspector.code.copy', { language: CODE_LANGUAGE_LABELS[language] })}
            </Button>
          </>
        ) : undefined
      }
    >
      {'error' in result ? (
        <p className="field-error" role="alert">
          {result.error}
        </p>
      ) : (
        <div className="code-export">
          <Tabs
            items={CODE_LANGUAGES.map((id) => ({
              id,
              label: CODE_LANGUAGE_LABELS[id],
              testId: `code-tab-${id}`,
            }))}
            value={language}
            onChange={choose}
            label={t('inspector.code.language')}
            idPrefix={ID_PREFIX}
          />
          <p className="faint code-export-note">{t('inspector.code.note')}</p>
          {copy === 'manual' ? (
            <>
              <label className="field-label" htmlFor="code-export-manual">
                {t('inspector.manualCopy')}
              </label>
              <textarea
                id="code-export-manual"
                className="textarea mono code-export-text"
                readOnly
                value={text}
                data-testid="code-text"
                ref={(el) => {
                  el?.focus();
                  el?.select();
                }}
              />
            </>
          ) : (
            <pre
              className="exchange-pre code-export-text"
              role="tabpanel"
              id={tabPanelId(ID_PREFIX, language)}
              aria-labelledby={tabId(ID_PREFIX, language)}
              tabIndex={0}
              data-testid="code-text"
            >
              {text}
            </pre>
          )}
        </div>
      )}
    </Dialog>
  );
}
