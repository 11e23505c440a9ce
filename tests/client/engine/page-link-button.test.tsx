// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RecordDetail } from '../../../src/client/api/data-provider';
import { setLocale } from '../../../src/client/i18n/locale-store';
import { PageLinkButton, type PageLink } from '../../../src/client/engine/page-link-button';
import { stubMatchMedia } from '../helpers/dom-setup';
import { renderWithProviders } from '../helpers/render-with-providers';

const signUp: PageLink = {
  title: '我要报名',
  titleEn: 'Sign up',
  href: '/home/event/sign?eventId={id}',
  window: { to: 'startsAt', message: '活动已经开始，报名已截止', messageEn: 'The event has started; sign-up is closed' },
};

/** A published event starting `fromNow` ms from now, as a visitor's detail gets it. */
function event(fromNow: number): RecordDetail {
  const startsAt = new Date(Date.now() + fromNow).toISOString();
  return {
    id: 'e1',
    resource: 'event',
    status: 'published',
    version: 1,
    data: { title: '人工智能应用创新沙龙', startsAt, endsAt: new Date(Date.now() + fromNow + 3 * 3_600_000).toISOString() },
    createdAt: '2026-11-01T01:00:00Z',
    updatedAt: '2026-11-01T01:00:00Z',
    editable: false,
    actions: [],
    history: [],
  } as RecordDetail;
}

beforeAll(() => stubMatchMedia());
afterEach(() => {
  cleanup();
  setLocale('zh-CN');
});

describe('PageLinkButton', () => {
  it('leads to the sign-up form while the event is still to come', () => {
    renderWithProviders(<PageLinkButton link={signUp} record={event(3_600_000)} />);
    expect(screen.getByRole('link', { name: '我要报名' }).getAttribute('href')).toBe('/home/event/sign?eventId=e1');
    expect((screen.getByRole('button', { name: '我要报名' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText('活动已经开始，报名已截止')).toBeNull();
  });

  it('is a disabled button with the reason written beside it, and described by it, once the event has started', () => {
    renderWithProviders(<PageLinkButton link={signUp} record={event(-3_600_000)} />);
    const button = screen.getByRole('button', { name: '我要报名' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('link')).toBeNull();
    const reason = screen.getByText('活动已经开始，报名已截止');
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
  });

  it('says why in English too', () => {
    setLocale('en-US');
    renderWithProviders(<PageLinkButton link={signUp} record={event(-3_600_000)} />);
    expect((screen.getByRole('button', { name: 'Sign up' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('The event has started; sign-up is closed')).toBeTruthy();
  });

  it('closes by itself when the event starts while the page is open', async () => {
    renderWithProviders(<PageLinkButton link={signUp} record={event(2_000)} />);
    expect(screen.getByRole('link', { name: '我要报名' })).toBeTruthy();
    expect(await screen.findByText('活动已经开始，报名已截止')).toBeTruthy();
    expect((screen.getByRole('button', { name: '我要报名' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is a plain link when no window governs it', () => {
    const { window: _window, ...plain } = signUp;
    renderWithProviders(<PageLinkButton link={plain} record={event(-3_600_000)} />);
    expect(screen.getByRole('link', { name: '我要报名' })).toBeTruthy();
  });
});
