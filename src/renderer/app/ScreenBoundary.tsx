import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface State {
  error: Error | null;
  attempt: number;
}

/**
 * Keeps a crashing screen from taking the shell (navigation, status bar) with it. Drafts were
 * saved as the clerk typed, so remounting the screen brings the input back.
 */
export class ScreenBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('screen crashed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return <Crashed error={this.state.error} onReload={() => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }))} />;
    }
    return <div key={this.state.attempt} className="screen-host">{this.props.children}</div>;
  }
}

function Crashed({ error, onReload }: { error: Error; onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="crashed" role="alert">
      <p>{t('errors.crashed')}</p>
      <pre className="muted">{error.message}</pre>
      <button type="button" className="btn primary" onClick={onReload}>
        {t('errors.reload')}
      </button>
    </div>
  );
}
