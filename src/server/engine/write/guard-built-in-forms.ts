import type { FastifyInstance } from 'fastify';
import { isRetiredForm, RETIRED_FORM_KEYWORD } from '../../../shared/schema/is-retired-form';

/**
 * A form that a route of the portal's own code submits through (`config.form`: the message board's
 * message) is part of that feature: retired, the route would answer 403 for good while the feature's
 * page still offers it. So such a form cannot be retired (ADR 0055); the refusal names the route. Forms
 * chosen by data (a matching folder's questionnaire, `config.formNow`) are the data's to retire.
 * Install on the root instance before any route is registered.
 */
export function guardBuiltInForms(app: FastifyInstance): void {
  const routes = new Map<string, string>();
  app.addHook('onRoute', (route) => {
    const form = route.config?.form;
    if (form && !routes.has(form)) routes.set(form, `${[route.method].flat().join('/')} ${route.url}`);
  });
  app.schemaRegistry.guardCandidates((candidate) => {
    const route = routes.get(candidate.name);
    if (route === undefined || !isRetiredForm(candidate.schema)) return [];
    return [
      {
        file: `forms/${candidate.name}.schema.json`,
        pointer: `/${RETIRED_FORM_KEYWORD}`,
        message: `表单 "${candidate.name}" 是门户自身的接口 ${route} 提交所用的表单，不能停用（停用后这个接口将一直拒绝提交）`,
      },
    ];
  });
}
