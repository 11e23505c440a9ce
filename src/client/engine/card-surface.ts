import type { GlobalToken } from 'antd';
import type { CSSProperties } from 'react';

/**
 * antd Card's surface (background, hairline border, large radius) from the theme's tokens, for the boxes
 * that stand in for Card where Card would bring Tabs and Skeleton to a phone's first screen (issue 33).
 */
export function cardSurface(token: GlobalToken): CSSProperties {
  return {
    background: token.colorBgContainer,
    border: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
  };
}
