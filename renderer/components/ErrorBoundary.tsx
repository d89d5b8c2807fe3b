import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../i18n/active.ts';

interface Props {
  /** what this boundary holds, as the page names it ("this message", "Chat Completions") */
  label: string;
  /** told once when something inside failed to draw (to stop reopening it at start, say) */
  onError?: ((error: Error) => void) | undefined;
  /** ways on besides "Try again": buttons of the place that failed */
  actions?: ReactNode | undefined;
  /** the text the failed part showed, offered for copying so nothing the user had is out of reach */
  raw?: string | undefined;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Something that fails to draw (a reply no checker foresaw, a bug) takes down only the part around it,
 * never the whole page: it says what failed and gives a way on. One around the app, one around each
 * section and one around each message.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo): void {
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const { raw, label, actions } = this.props;
    return (
      <div className="render-failed" role="alert" data-testid="render-failed">
        <p>{t('components.renderFailed', { what: label, message: error.message.slice(0, 300) })}</p>
        <div className="render-failed-actions">
          <button type="button" className="btn" onClick={() => this.setState({ error: null })}>
            {t('components.renderFailed.retry')}
          </button>
          {raw !== undefined ? (
            <button
              type="button"
              className="btn"
              onClick={() => void navigator.clipboard?.writeText(raw).catch(() => {})}
            >
              {t('components.renderFailed.copy')}
            </button>
          ) : null}
          {actions}
        </div>
      </div>
    );
  }
}
