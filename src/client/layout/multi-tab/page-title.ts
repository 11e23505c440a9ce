import type { Texts } from '../../i18n/texts';
import type { LayoutTexts } from '../layout-texts';

type TitleOf = (texts: Texts, layoutTexts: LayoutTexts) => string;

/** A tab's title by route. Titles are looked up at render time, so they follow a language switch. */
const TITLES: Record<string, TitleOf> = {
  // Spec §2: /home is titled as research integrity.
  '/home': (texts) => texts.homeTitle,
  '/activities': (texts) => texts.activities,
  '/home/articles': (_texts, layoutTexts) => layoutTexts.articles,
  '/home/articles/detail': (_texts, layoutTexts) => layoutTexts.articleDetail,
  '/home/recominform': (_texts, layoutTexts) => layoutTexts.recommended,
  '/search': (_texts, layoutTexts) => layoutTexts.search,
  '/home/questions': (_texts, layoutTexts) => layoutTexts.questions,
  '/home/aianswer': (_texts, layoutTexts) => layoutTexts.aiAnswer,
  '/home/findproxy': (_texts, layoutTexts) => layoutTexts.proxyFindProxy,
  '/home/findproxy/self-test': (_texts, layoutTexts) => layoutTexts.proxySelfTest,
  '/home/findproxy/self-assessment': (_texts, layoutTexts) => layoutTexts.proxySelfAssessment,
  '/home/findproxy/science-innovation': (_texts, layoutTexts) => layoutTexts.proxyScienceInnovation,
  '/home/findproxy/lookDetail': (_texts, layoutTexts) => layoutTexts.proxyLookDetail,
  '/home/findproxy/moreList': (_texts, layoutTexts) => layoutTexts.proxyResolves,
  '/home/findproxy/moreListDetail': (_texts, layoutTexts) => layoutTexts.proxyLookDetail,
  '/home/findproxy/moreProxy': (_texts, layoutTexts) => layoutTexts.proxyMoreProxy,
  '/activitiesFormList': (texts) => texts.myApplications,
  '/home/activities/applicationFormGroup': (texts) => texts.applicationDetail,
  '/privacyPolicy': (texts) => texts.privacyPolicy,
  // Also in the generated menu, which loads only once a unit is chosen (spec §4).
  '/integrity/audit': (texts) => texts.audits,
  '/integrity/audit/detail': (texts) => texts.auditDetail,
  '/integrity/log': (texts) => texts.operationLogs,
  '/content/studio': (_texts, layoutTexts) => layoutTexts.schemaStudio,
  '/workbench': (_texts, layoutTexts) => layoutTexts.workbench,
  '/dashboards': (_texts, layoutTexts) => layoutTexts.dashboards,
  '/account': (_texts, layoutTexts) => layoutTexts.accountCenter,
  '/account/center': (_texts, layoutTexts) => layoutTexts.accountCenter,
  '/account/settings': (_texts, layoutTexts) => layoutTexts.accountSettings,
  '/account/mfa': (_texts, layoutTexts) => layoutTexts.accountSecondFactor,
  '/account/notifications': (_texts, layoutTexts) => layoutTexts.notifications,
  '/403': () => '403',
  '/404': () => '404',
  '/500': () => '500',
};

/**
 * `menuTitles`: the titles of the menu generated after login (spec §4), by path. `dataTitles`: the
 * titles pages registered once their data said them (a resource folder's list or record), by path
 * or by path and query. A tab never shows a path: a page nobody titled is the portal's name.
 */
export function pageTitle(
  pathname: string,
  texts: Texts,
  layoutTexts: LayoutTexts,
  menuTitles?: ReadonlyMap<string, string>,
  dataTitles?: ReadonlyMap<string, string>,
  key: string = pathname,
): string {
  const exact = TITLES[pathname];
  if (exact) return exact(texts, layoutTexts);
  const generated = menuTitles?.get(pathname);
  if (generated) return generated;
  const registered = dataTitles?.get(key) ?? dataTitles?.get(pathname);
  if (registered) return registered;
  // The application form's step pages (spec §2: /home/activities/<step>).
  if (pathname.startsWith('/home/activities/')) return layoutTexts.applicationForm;
  return texts.portalName;
}
