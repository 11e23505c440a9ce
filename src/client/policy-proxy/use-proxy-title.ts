import { useEffect } from 'react';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';

/** The browser tab's title of a policy proxy page: the page's name, then the portal's. */
export function useProxyTitle(title: string): void {
  const portalName = textsFor(useLocale()).portalName;
  useEffect(() => {
    document.title = `${title} - ${portalName}`;
  }, [title, portalName]);
}
