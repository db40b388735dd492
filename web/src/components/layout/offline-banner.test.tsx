import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { OfflineBanner } from './offline-banner.tsx';

/** Makes the browser report `online`, then tells the page as the browser would. */
function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

const offlineText = /You are offline\. This page shows what was saved on your last visit/;

describe('OfflineBanner', () => {
  it('says the page is the saved copy while the browser is offline, and goes when it is back online', () => {
    render(<OfflineBanner />);
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();

    goOnline(false);
    expect(status).toHaveTextContent(offlineText);
    expect(status).toHaveTextContent('will update when you are back online');

    goOnline(true);
    expect(status).toBeEmptyDOMElement();
  });

  it('shows at once when the page is opened offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBanner />);
    expect(screen.getByRole('status')).toHaveTextContent(offlineText);
  });

  it('is empty in the server’s HTML and hydrates it without a mismatch, then shows if offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const html = renderToString(<OfflineBanner />);
    expect(html).toBe('<div role="status"></div>');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    const root = await act(async () =>
      hydrateRoot(container, <OfflineBanner />, { onRecoverableError: recoverable }),
    );
    onTestFinished(() => {
      act(() => root.unmount());
      container.remove();
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(container.querySelector('[role="status"]')).toHaveTextContent(offlineText);
  });
});
