import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { json, stubFetch } from '../../test/stubFetch';
import { Captcha } from './Captcha';

const hmacKey = 'captcha-test-key-captcha-test-key';

afterEach(() => vi.unstubAllGlobals());

async function serveChallenge() {
  const challenge = await createChallenge({ hmacKey, maxnumber: 500, number: 321 });
  return stubFetch({ 'GET auth/captcha': () => json(200, challenge) });
}

describe('Captcha', () => {
  it.each([
    ['ko', '로봇이 아닙니다'],
    ['en', 'I am not a robot'],
  ] as const)('the text is the label of the check box (%s): clicking it ticks the box', async (locale, text) => {
    const calls = await serveChallenge();
    const onSolved = vi.fn();
    renderWithProviders(<Captcha onSolved={onSolved} resetKey={0} />, { locale });
    const box = screen.getByRole('checkbox', { name: text });
    expect(box.getAttribute('aria-checked')).toBe('false');

    fireEvent.click(screen.getByText(text));

    await waitFor(() => expect(box.getAttribute('aria-checked')).toBe('true'));
    expect(calls.filter((c) => c.path === 'auth/captcha')).toHaveLength(1);
    const payload = onSolved.mock.calls.at(-1)?.[0] as string;
    expect(await verifySolution(payload, hmacKey)).toBe(true);
  });

  it('a second click on the text while it is ticked asks for no new challenge', async () => {
    const calls = await serveChallenge();
    renderWithProviders(<Captcha onSolved={() => undefined} resetKey={0} />);
    const box = screen.getByRole('checkbox', { name: '로봇이 아닙니다' });
    fireEvent.click(screen.getByText('로봇이 아닙니다'));
    await waitFor(() => expect(box.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(screen.getByText('로봇이 아닙니다'));
    expect(box.getAttribute('aria-checked')).toBe('true');
    expect(calls.filter((c) => c.path === 'auth/captcha')).toHaveLength(1);
  });
});
