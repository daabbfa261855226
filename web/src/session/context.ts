import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Session } from '../api';

export interface SessionState {
  session: Session;
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
}

export const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside a signed-in page');
  return state;
}
