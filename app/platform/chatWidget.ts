/**
 * Chat-support widget loader. The vendor script is loaded once from the configured URL; the
 * signed-in user's id and name are published on `window.chatSupport.user` before it loads, and a
 * `chat-support:user` event is dispatched whenever they change, so any widget can pick them up.
 * Nothing is loaded when no URL is configured.
 */
export interface ChatUser {
  id: string;
  name: string;
}

declare global {
  interface Window {
    chatSupport?: { user: ChatUser | null };
  }
}

const SCRIPT_ID = 'chat-support-widget';

export function loadChatWidget(url: string, doc: Document = document): HTMLScriptElement | null {
  if (!url) return null;
  const existing = doc.getElementById(SCRIPT_ID);
  if (existing instanceof HTMLScriptElement) return existing;
  window.chatSupport ??= { user: null };
  const script = doc.createElement('script');
  script.id = SCRIPT_ID;
  script.src = url;
  script.async = true;
  script.crossOrigin = 'anonymous';
  doc.head.appendChild(script);
  return script;
}

export function setChatUser(user: ChatUser | null): void {
  window.chatSupport = { user };
  window.dispatchEvent(new CustomEvent<ChatUser | null>('chat-support:user', { detail: user }));
}
