import { FloatButton, type FloatButtonProps } from 'antd';

/** A floating button has no visible text: one label serves as its tooltip and its accessible name. */
export function LabelledFloatButton({ label, ...props }: Omit<FloatButtonProps, 'tooltip' | 'aria-label'> & { label: string }) {
  return <FloatButton {...props} tooltip={label} aria-label={label} />;
}
