import { Component, type ErrorInfo, type ReactNode } from 'react';
import { buttonVariants } from '../components/ui/button.tsx';
import { Logo } from '../components/ui/logo.tsx';

interface Props {
  /** When this changes (the user navigated), the boundary clears and tries to render again. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * Router fallback for render errors and route chunks that fail to load. Kept in the entry chunk so it
 * renders even when the network is gone. The error goes to the console only: its text (a chunk URL, a
 * stack detail) means nothing to users.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unexpected application error', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

export function RouteError() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-emerald-950 px-6 text-center">
      <div className="max-w-md">
        <Logo />
        <h1 className="mt-8 text-2xl font-bold text-white">Unexpected Application Error!</h1>
        <p className="mt-3 text-emerald-100/80">
          Something went wrong while loading this page. Reloading usually fixes it.
        </p>
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
