import { useLocale } from '../../i18n/locale-store';
import { layoutTextsFor } from '../../layout/layout-texts';
import { ExceptionResult } from './exception-result';

/** /403: the signed-in user lacks the permission for a page. */
export default function ForbiddenPage() {
  return <ExceptionResult status="403" subTitle={layoutTextsFor(useLocale()).forbidden} />;
}
