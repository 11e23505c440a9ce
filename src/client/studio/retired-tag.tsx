import { Tag } from 'antd';

// A solid dark orange with white text: antd's light orange tag fails the 4.5:1 contrast (axe).
const RETIRED_COLOUR = '#ad4e00';

/** 已停用 on a retired unit (ADR 0040, 0047, 0055), in the unit list and on the opened unit. */
export function RetiredTag({ label }: { label: string }) {
  return <Tag color={RETIRED_COLOUR}>{label}</Tag>;
}
