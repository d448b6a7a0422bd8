import { Component, type ReactNode, Suspense } from "react";

interface LazyBoundaryProps {
  children: ReactNode;
  /** Called when the lazily loaded code could not be fetched or threw while rendering. */
  onError?: (error: unknown) => void;
}

/**
 * Wraps code loaded on demand: while it loads nothing is shown, and if it fails (the visitor went
 * offline) the rest of the page keeps working instead of unmounting.
 */
export class LazyBoundary extends Component<LazyBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    if (this.state.failed) return null;
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
