import { Component, type ErrorInfo, type ReactNode } from 'react';
import { statusOf } from './HttpError';
import { ErrorPage } from './ErrorPage';

const FALLBACK_TEXT = {
  ko: { message: '오류 페이지를 표시하는 중에 오류가 발생했습니다.', home: '홈으로' },
  en: { message: 'An error occurred while showing the error page', home: 'Go home' },
};

/**
 * Last resort when the error page itself throws: plain markup with no i18n or theme
 * dependency, since either of those may be what failed.
 */
export function ErrorPageFailure() {
  const lang = document.documentElement.lang === 'en' ? 'en' : 'ko';
  const text = FALLBACK_TEXT[lang];
  return (
    <div
      role="alert"
      data-testid="error-page-failure"
      style={{ padding: '4rem 1.5rem', textAlign: 'center', fontFamily: 'system-ui, sans-serif' }}
    >
      <p style={{ fontSize: '1.125rem', marginBottom: '1rem' }}>{text.message}</p>
      <a href={lang === 'en' ? '/en' : '/'} style={{ color: '#1565c0', textDecoration: 'underline' }}>
        {text.home}
      </a>
    </div>
  );
}

class Guard extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

interface Props {
  children: ReactNode;
  /** Changing the key (e.g. the path) clears a shown error, so navigation recovers. */
  resetKey?: string;
}

interface State {
  error: unknown;
  resetKey: string | undefined;
}

/** Shows the error page with the error's status (default 500) for anything thrown below it. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('page error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <Guard fallback={<ErrorPageFailure />}>
          <ErrorPage status={statusOf(this.state.error)} />
        </Guard>
      );
    }
    return this.props.children;
  }
}
