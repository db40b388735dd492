import { Component, type ErrorInfo, type ReactNode } from 'react';
import { buttonVariants } from '../components/ui/button.tsx';
import { Logo } from '../components/ui/logo.tsx';

interface Props {
  /** When this changes (the user navigated), the boundary clears and tries to render again. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Router fallback for render errors and route chunks that fail to load. Kept in the entry chunk so it
 * renders even when the network is gone.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unexpected application error', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render(): ReactNode {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

export function RouteError({ error }: { error: Error }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-emerald-950 px-6 text-center">
      <div className="max-w-md">
        <Logo />
        <h1 className="mt-8 text-2xl font-bold text-white">Unexpected Application Error!</h1>
        <p className="mt-3 text-emerald-100/80">
          Something went wrong while loading this page. Reloading usually fixes it.
        </p>
        {error.message && (
          <p className="mt-3 break-words rounded-lg bg-black/30 px-3 py-2 font-mono text-xs text-emerald-200/80">
            {error.message}
          </p>
        )}
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <button type="button" className={buttonVariants.primary} onClick={() => window.location.reload()}>
            Reload page
          </button>
          <a href="/" className={buttonVariants.secondary}>
            Go to home page
          </a>
        </div>
      </div>
    </main>
  );
}
