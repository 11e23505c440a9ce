import { useEffect, useState } from 'react';
import { useLocale } from '../i18n/locale-store';
import { BackTopIcon } from './icons';
import { LabelledFloatButton } from './labelled-float-button';
import { layoutTextsFor } from './layout-texts';

/** Spec §2, §9: the button appears once the page has scrolled past one third of its height. */
export function isPastBackTopThreshold(scrollTop: number, pageHeight: number): boolean {
  return scrollTop > pageHeight / 3;
}

function pastThresholdNow(): boolean {
  const root = document.documentElement;
  return isPastBackTopThreshold(window.scrollY, root.scrollHeight);
}

/**
 * Back to top. antd's BackTop takes a fixed pixel height; the spec's threshold depends on the
 * page's own height, which changes with every page and as lists load, so it is read at each scroll.
 */
export function BackToTop() {
  const texts = layoutTextsFor(useLocale());
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let frame = 0;
    const check = (): void => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setVisible(pastThresholdNow()));
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, []);

  if (!visible) return null;
  return (
    <LabelledFloatButton
      className="kc-back-top"
      icon={<BackTopIcon />}
      label={texts.backToTop}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    />
  );
}
