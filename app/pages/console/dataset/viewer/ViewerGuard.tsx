import { Component, type ReactNode } from 'react';

/** Shows `fallback` when the viewer throws (a lost or refused WebGL context), not the error page. */
export class ViewerGuard extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
