import { Component, type ReactNode, Suspense } from "react";

interface LazyBoundaryProps {
  children: ReactNode;
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
  }

  override render(): ReactNode {
    if (this.state.failed) return null;
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
