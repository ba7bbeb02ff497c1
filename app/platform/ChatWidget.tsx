import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { env } from '../config/env';
import { auth } from '../state/auth';
import { loadChatWidget, setChatUser } from './chatWidget';

/** Loads the chat-support widget when a script URL is configured and keeps it told who is signed in. */
export function ChatWidget() {
  const { user } = useSnapshot(auth);
  useEffect(() => {
    if (env.chatScriptUrl) loadChatWidget(env.chatScriptUrl);
  }, []);
  useEffect(() => {
    if (env.chatScriptUrl) setChatUser(user ? { id: String(user.id), name: user.name } : null);
  }, [user]);
  return null;
}
