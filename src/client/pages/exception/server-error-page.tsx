import { useLocale } from '../../i18n/locale-store';
import { layoutTextsFor } from '../../layout/layout-texts';
import { ExceptionResult } from './exception-result';

/** /500: the server failed. */
export default function ServerErrorPage() {
  return <ExceptionResult status="500" subTitle={layoutTextsFor(useLocale()).serverError} />;
}
