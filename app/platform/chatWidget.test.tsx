import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadChatWidget, setChatUser } from './chatWidget';

afterEach(() => {
  document.getElementById('chat-support-widget')?.remove();
  delete window.chatSupport;
});

describe('chat-support widget loader', () => {
  it('loads nothing without a configured URL', () => {
    expect(loadChatWidget('')).toBeNull();
    expect(document.querySelector('script#chat-support-widget')).toBeNull();
  });
  it('loads the script once from the configured URL', () => {
    const a = loadChatWidget('https://chat.example.com/widget.js');
    const b = loadChatWidget('https://chat.example.com/widget.js');
    expect(a).toBe(b);
    expect(document.querySelectorAll('script#chat-support-widget')).toHaveLength(1);
    expect(a?.src).toBe('https://chat.example.com/widget.js');
    expect(a?.async).toBe(true);
  });
  it("passes the signed-in user's id and name, and clears them on logout", () => {
    const seen = vi.fn();
    window.addEventListener('chat-support:user', (e) => seen((e as CustomEvent).detail));
    setChatUser({ id: '42', name: '김라벨' });
    expect(window.chatSupport?.user).toEqual({ id: '42', name: '김라벨' });
    setChatUser(null);
    expect(window.chatSupport?.user).toBeNull();
    expect(seen.mock.calls).toEqual([[{ id: '42', name: '김라벨' }], [null]]);
  });
});
