import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../../../lib/error-reporting/error-reporting';

export type ErrorBoundaryProps = {
  children: ReactNode;
  // Receives a reset: Try Again clears the error and renders the children again.
  fallback: (reset: () => void) => ReactNode;
};

type State = { status: 'ok' } | { status: 'error'; error: unknown };

// Spec 2 section 4.1: states ok and error; Try Again resets it.
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { status: 'ok' };

  static getDerivedStateFromError(error: unknown): State {
    return { status: 'error', error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
    void reportError(error);
  }

  reset = () => this.setState({ status: 'ok' });

  override render() {
    return this.state.status === 'error' ? this.props.fallback(this.reset) : this.props.children;
  }
}
