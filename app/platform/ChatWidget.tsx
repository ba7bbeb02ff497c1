import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { env } from '../config/env';
import { auth } from '../state/auth';

/** The loader is fetched only where a widget is configured (it is not part of the shell). */
const loader = () => import('./chatWidget');

/** Loads the chat-support widget when a script URL is configured and keeps it told who is signed in. */
export function ChatWidget() {
  const { user } = useSnapshot(auth);
  useEffect(() => {
    const url = env.chatScriptUrl;
    if (url) void loader().then((m) => m.loadChatWidget(url));
  }, []);
  useEffect(() => {
    if (env.chatScriptUrl)
      void loader().then((m) => m.setChatUser(user ? { id: String(user.id), name: user.name } : null));
  }, [user]);
  return null;
}
