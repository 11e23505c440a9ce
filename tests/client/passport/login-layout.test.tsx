// @vitest-environment happy-dom
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LoginLayout, type PassportRouteName } from '../../../src/client/passport/login-layout';
import { stubMatchMedia } from '../helpers/dom-setup';
import { renderWithProviders } from '../helpers/render-with-providers';

beforeAll(() => stubMatchMedia());
afterEach(() => cleanup());

function headerAt(name: PassportRouteName): string | null | undefined {
  const { container } = renderWithProviders(<p>page</p>, {
    path: '/x',
    routePath: '/x',
    handle: { passportRoute: name },
    layout: { element: <LoginLayout /> },
  });
  return container.querySelector('.kc-passport-header')?.textContent;
}

describe('the login layout header (spec §2)', () => {
  it.each([
    ['login', '登录'],
    ['ForgetPassword', '找回密码'],
    ['register', '注册'],
    ['userLogin', '授权'],
  ] as const)('route %s → %s', (name, header) => {
    expect(headerAt(name)).toBe(header);
  });
});
