import { Skeleton, theme } from 'antd';
import type { ReactNode } from 'react';
import { cardSurface } from './card-surface';

/**
 * The box a list's page stands in while its definition or table loads, or when loading failed: antd
 * Card's look from the theme's tokens, without Card, which brings Tabs (for its tab list) and 40 KB
 * of script to a visitor's list page on a phone (issue 33).
 */
export function ListCard({ loading = false, children }: { loading?: boolean; children?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div className="kc-list-card" aria-busy={loading || undefined} style={{ ...cardSurface(token), padding: token.paddingLG }}>
      {loading ? <Skeleton active /> : children}
    </div>
  );
}
