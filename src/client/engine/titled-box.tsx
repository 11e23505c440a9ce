import { theme } from 'antd';
import type { ReactNode } from 'react';
import { cardSurface } from './card-surface';

export interface TitledBoxProps {
  title: ReactNode;
  /** Drawn at the header's end, as Card's `extra`. */
  extra?: ReactNode;
  /** A bar under the body, as Card's `actions` (one action, centred). */
  actions?: ReactNode;
  className?: string;
  id?: string;
  /** data-* attributes for the box, e.g. the record it shows. */
  data?: Record<`data-${string}`, string>;
  children?: ReactNode;
}

/**
 * antd Card's look (a header with a title and extras over a padded body) from the theme's tokens,
 * without Card, which brings Tabs, its overflow menu and Skeleton (≈ 25 KB and 3 requests) to the
 * application form's first screen on a phone (issue 33, as ListCard does for the lists).
 */
export function TitledBox({ title, extra, actions, className, id, data, children }: TitledBoxProps) {
  const { token } = theme.useToken();
  return (
    <section {...data} id={id} className={['kc-titled-box', className].filter(Boolean).join(' ')} style={cardSurface(token)}>
      <div
        className="kc-titled-box-head"
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: token.marginXS,
          minHeight: 56,
          padding: `${token.paddingXS}px ${token.paddingLG}px`,
          borderBottom: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
        }}
      >
        <div
          className="kc-titled-box-title"
          style={{ flex: 1, minWidth: 0, fontWeight: token.fontWeightStrong, fontSize: token.fontSizeLG, color: token.colorTextHeading }}
        >
          {title}
        </div>
        {extra !== undefined && <div className="kc-titled-box-extra">{extra}</div>}
      </div>
      <div className="kc-titled-box-body" style={{ padding: token.paddingLG }}>
        {children}
      </div>
      {actions !== undefined && (
        <div
          className="kc-titled-box-actions"
          style={{
            display: 'flex',
            justifyContent: 'center',
            padding: `${token.paddingSM}px ${token.paddingLG}px`,
            borderTop: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
          }}
        >
          {actions}
        </div>
      )}
    </section>
  );
}
