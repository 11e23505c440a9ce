import { Button } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import './clamped-text.css';

/**
 * Text cut to `rows` lines by CSS from its first paint, with 展开 / 收起 when it is longer. antd's
 * `ellipsis` with `expandable` paints the whole text and cuts it after measuring, which moves every
 * card below it (issue 33: CLS); here the cut is the browser's, and whether the text overflows is read
 * before the first paint.
 */
export function ClampedText({ text, rows, expand, collapse }: { text: string; rows: number; expand: string; collapse: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (element && !expanded) setOverflows(element.scrollHeight > element.clientHeight + 1);
  }, [text, expanded]);
  return (
    <div className="kc-clamped-text">
      <div ref={box} className={expanded ? undefined : 'kc-clamped'} style={expanded ? undefined : { WebkitLineClamp: rows }}>
        {text}
      </div>
      {(overflows || expanded) && (
        <Button type="link" size="small" className="kc-clamped-toggle" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? collapse : expand}
        </Button>
      )}
    </div>
  );
}
