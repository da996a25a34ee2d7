import { useEffect, useSyncExternalStore } from 'react';
import type { AppUser } from '../permissions';
import { getUser, resumeSession, subscribe } from './sessionStore';

/** The signed-in user (null when signed out), following auth-state changes. */
export function useSession(): AppUser | null {
  useEffect(resumeSession, []);
  return useSyncExternalStore(subscribe, getUser, getUser);
}
