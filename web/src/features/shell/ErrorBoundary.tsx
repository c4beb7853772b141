import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportClientError } from '../../lib/error-reporting';
import { ErrorPage } from './StatusPages';

/** A render crash shows the fallback error view (spec 000 section 8, Other). */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, { failed: boolean; key?: string }> {
  state: { failed: boolean; key?: string } = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey?: string }, state: { failed: boolean; key?: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render failure', error, info.componentStack);
    reportClientError(error, { componentStack: info.componentStack });
  }

  render(): ReactNode {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}
