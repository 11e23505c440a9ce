// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LoginLayout, type PassportRouteName } from '../../../src/client/passport/login-layout';
import { stubMatchMedia } from '../helpers/dom-setup';

beforeAll(() => stubMatchMedia());
afterEach(() => cleanup());

function headerAt(name: PassportRouteName): string | null | undefined {
  const router = createMemoryRouter([{ element: <LoginLayout />, children: [{ path: '/x', element: <p>page</p>, handle: { passportRoute: name } }] }], { initialEntries: ['/x'] });
  const { container } = render(<RouterProvider router={router} />);
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
