import { useEffect } from 'react';
import { appConfig } from '../../config/app-config.ts';

/** Names the browser tab (and what screen readers announce on navigation) after the admin screen. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Admin · ${appConfig.appName}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
