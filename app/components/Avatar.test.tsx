import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { contrastRatio } from '../../contract/color';
import { Avatar, avatarColor, avatarInitial, avatarSrc } from './Avatar';

describe('avatarColor', () => {
  it('gives the same colour for the same e-mail, whatever the case', () => {
    expect(avatarColor('kim@example.com')).toBe(avatarColor('kim@example.com'));
    expect(avatarColor(' Kim@Example.com ')).toBe(avatarColor('kim@example.com'));
    expect(avatarColor('kim@example.com')).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('spreads different e-mails over many colours', () => {
    const colors = new Set(Array.from({ length: 100 }, (_, i) => avatarColor(`user${i}@example.com`)));
    expect(colors.size).toBeGreaterThan(60);
    expect(avatarColor('a@example.com')).not.toBe(avatarColor('b@example.com'));
  });

  it('keeps white text at 4.5:1 or more for every hue', () => {
    for (let i = 0; i < 500; i += 1) {
      const color = avatarColor(`person${i}@maru.ai`);
      expect(contrastRatio(color, '#ffffff'), color).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('avatarSrc and avatarInitial', () => {
  it('requests bare file names from the API at quality 80', () => {
    expect(avatarSrc('me.png')).toBe('/api/files/avatar/me.png?quality=80');
    expect(avatarSrc('my photo.png')).toBe('/api/files/avatar/my%20photo.png?quality=80');
  });

  it('uses absolute and root-relative URLs as they are', () => {
    for (const url of [
      'https://cdn.example.com/a.png',
      'http://x/a.png',
      '/static/a.png',
      'data:image/png;base64,AAA',
      'blob:https://x/1',
    ]) {
      expect(avatarSrc(url)).toBe(url);
    }
  });

  it('takes the first letter, uppercased, or the first Hangul syllable', () => {
    expect(avatarInitial('kim')).toBe('K');
    expect(avatarInitial('홍길동')).toBe('홍');
    expect(avatarInitial('  lee')).toBe('L');
    expect(avatarInitial('', 'park@example.com')).toBe('P');
    expect(avatarInitial('')).toBe('?');
  });
});

describe('Avatar', () => {
  it('shows the initial on the e-mail colour at 40 px by default', () => {
    renderWithProviders(<Avatar name="홍길동" email="hong@example.com" />);
    const avatar = screen.getByRole('img', { name: '홍길동' });
    expect(avatar.textContent).toBe('홍');
    expect(getComputedStyle(avatar).getPropertyValue('--avatar-size').trim()).toBe('40px');
    expect(avatar.querySelector('img')).toBeNull();
  });

  it('renders the image at the API address when there is one', () => {
    renderWithProviders(<Avatar name="kim" email="kim@example.com" src="kim.jpg" size={64} />);
    const avatar = screen.getByTestId('avatar');
    expect(avatar.querySelector('img')?.getAttribute('src')).toBe('/api/files/avatar/kim.jpg?quality=80');
    expect(getComputedStyle(avatar).getPropertyValue('--avatar-size').trim()).toBe('64px');
  });

  it('shows the name beside it when asked', () => {
    renderWithProviders(<Avatar name="Kim Minji" email="kim@example.com" showName />);
    expect(screen.getByText('Kim Minji').tagName).toBe('SPAN');
    expect(screen.getByTestId('avatar').getAttribute('aria-hidden')).toBe('true');
  });

  it('is neither a link nor focusable unless clickable', async () => {
    renderWithProviders(<Avatar name="kim" email="kim@example.com" showName />);
    expect(screen.queryByRole('link')).toBeNull();
    await userEvent.tab();
    expect(document.activeElement).toBe(document.body);
  });

  it('links to the user page when clickable', async () => {
    const { location } = renderWithProviders(<Avatar name="홍길동" email="hong@example.com" clickable />);
    const link = screen.getByRole('link', { name: '홍길동 사용자 페이지' });
    expect(link.getAttribute('href')).toBe('/console/user/hong%40example.com');
    await userEvent.click(link);
    expect(location.history?.at(-1)).toBe('/console/user/hong%40example.com');
  });

  it('names the link in English', () => {
    renderWithProviders(<Avatar name="Kim" email="kim@example.com" clickable />, { locale: 'en' });
    expect(screen.getByRole('link', { name: "Kim's user page" }).getAttribute('href')).toBe(
      '/console/user/kim%40example.com',
    );
  });

  it('shows name and e-mail in a tooltip', async () => {
    renderWithProviders(<Avatar name="홍길동" email="hong@example.com" clickable />);
    await userEvent.hover(screen.getByRole('link'));
    await waitFor(() => expect(screen.getByText('hong@example.com').textContent).toBe('hong@example.com'));
    expect(screen.getAllByText('홍길동').length).toBeGreaterThan(0);
  });
});
