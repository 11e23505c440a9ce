import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { ExceptionResult } from './exception-result';

/** /404, where the catch-all route sends every unknown address (spec §2). */
export default function NotFoundPage() {
  return <ExceptionResult status="404" subTitle={textsFor(useLocale()).notFound} />;
}
