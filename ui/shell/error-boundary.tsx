// Crash screen: catches render errors so one broken screen never blanks the whole till.
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
  componentStack: string;
}

/** Shows 'Something went wrong' with the error, its component stack, 'Reload Page' and 'Try Again'. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null, componentStack: '' };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(_error: unknown, info: ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? '' });
  }

  private tryAgain = () => this.setState({ error: null, componentStack: '' });

  render() {
    const { error, componentStack } = this.state;
    if (!error) return this.props.children;
    return (
      <article className="crash" role="alert">
        <h2>Something went wrong</h2>
        <p>This page hit an unexpected error. Your data on the server is safe.</p>
        <details open>
          <summary>Error details</summary>
          <pre className="crash-message">
            {error.name}: {error.message}
          </pre>
        </details>
        <details>
          <summary>Component stack</summary>
          <pre className="crash-stack">{componentStack.trim() || 'Not available'}</pre>
        </details>
        <div className="crash-actions">
          <button type="button" onClick={() => window.location.reload()}>
            Reload Page
          </button>
          <button type="button" className="secondary" onClick={this.tryAgain}>
            Try Again
          </button>
        </div>
      </article>
    );
  }
}
